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
