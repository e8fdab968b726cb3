/**
 * The Storybook UI stand-in for `app-frame-driver.ts`: no script can reach into a sandboxed,
 * cross-origin app frame, so play functions skip their in-frame steps here and say so.
 */

/** False: in the Storybook UI the frame can only be clicked by hand. */
export const canDriveAppFrame = false

/** Not available outside Vitest; play functions check {@link canDriveAppFrame} first. */
export async function clickInApp(_iframe: HTMLIFrameElement, buttonName: string): Promise<void> {
  throw new Error(`Click "${buttonName}" inside the app by hand; only the Vitest run can drive the frame.`)
}

/** Not available outside Vitest; play functions check {@link canDriveAppFrame} first. */
export async function waitForAppText(_iframe: HTMLIFrameElement, text: string): Promise<void> {
  throw new Error(`Look for "${text}" inside the app by hand; only the Vitest run can read the frame.`)
}
