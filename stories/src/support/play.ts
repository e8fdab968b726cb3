/** Small helpers shared by play functions. */
import { expect, userEvent, waitFor, within } from 'storybook/test'

/** Queries over the whole document: Radix dialogs portal out of the story's canvas. */
export function screenOf(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body)
}

/** Waits for the elicitation dialog and returns queries scoped to it. */
export async function findDialog(canvasElement: HTMLElement) {
  const dialog = await screenOf(canvasElement).findByRole('dialog')
  return { dialog, ...within(dialog) }
}

/** Waits for the inline elicitation region (a labelled `section`) and returns queries scoped to it. */
export async function findInlineForm(canvasElement: HTMLElement) {
  const region = await within(canvasElement).findByRole('region')
  return { region, ...within(region) }
}

/**
 * Clicks a granting button (Send, Open <site>, Reopen, I'm done) as a person would: once it has
 * been on screen for its activation delay (`data-armed="true"`); a click before that is ignored.
 */
export async function press(button: HTMLElement): Promise<void> {
  await waitFor(() => expect(button).toHaveAttribute('data-armed', 'true'))
  await userEvent.click(button)
}

/** The person moves into a request that appeared (it never takes focus): Tab from the page. */
export async function moveIn(): Promise<void> {
  await userEvent.tab()
}

/** Clears a text-like input and types a value. */
export async function retype(input: HTMLElement, value: string): Promise<void> {
  await userEvent.clear(input)
  if (value) await userEvent.type(input, value)
}

/** Sets an input's value the way React sees it (date and time pickers take no keystrokes reliably). */
export async function setNativeValue(input: HTMLInputElement, value: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setter?.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
  input.dispatchEvent(new Event('change', { bubbles: true }))
  await waitFor(() => expect(input.value).toBe(value))
}
