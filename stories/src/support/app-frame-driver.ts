/**
 * Reaches inside an MCP App's iframe during story tests. The frame is sandboxed `srcdoc` without
 * `allow-same-origin`, so no script in the page can touch its DOM (that is the point). Under Vitest,
 * Playwright drives the out-of-process frame for real; in the Storybook UI the alias in
 * `.storybook/main.ts` swaps in `app-frame-driver.ui.ts`, which reports that it cannot.
 */
import { page } from 'vitest/browser'

/** True when the driver can really click inside the frame (Vitest browser mode). */
export const canDriveAppFrame = true

// Vitest scales its test iframe down to fit the window; Playwright then misplaces clicks inside a
// nested out-of-process frame. A viewport that fits keeps the scale at 1.
const UNSCALED_VIEWPORT = { width: 1000, height: 640 }

async function frameOf(iframe: HTMLIFrameElement) {
  if (window.innerWidth !== UNSCALED_VIEWPORT.width || window.innerHeight !== UNSCALED_VIEWPORT.height) {
    await page.viewport(UNSCALED_VIEWPORT.width, UNSCALED_VIEWPORT.height)
  }
  return page.frameLocator(page.elementLocator(iframe))
}

/** Clicks the app's button with this accessible name, as a user would. */
export async function clickInApp(iframe: HTMLIFrameElement, buttonName: string): Promise<void> {
  await (await frameOf(iframe)).getByRole('button', { name: buttonName }).click()
}

/**
 * Waits until the app shows this text. Cross-origin frames have no `expect.element`, so this uses
 * Playwright's actionability wait (visible and stable) through a hover.
 */
export async function waitForAppText(iframe: HTMLIFrameElement, text: string): Promise<void> {
  await (await frameOf(iframe)).getByText(text).hover()
}
