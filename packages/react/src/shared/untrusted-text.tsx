import { revealHiddenCharacters } from '@mcp-hitl/core/internal'
import { type ComponentPropsWithoutRef, forwardRef } from 'react'

/** Props of {@link UntrustedText}: the text, and any prop of the `<bdi>`. */
export interface UntrustedTextProps extends Omit<ComponentPropsWithoutRef<'bdi'>, 'children'> {
  /** What an app or a server wrote. */
  text: string
  /** A name within a line: its line breaks and tabs are revealed too. */
  singleLine?: boolean
}

/**
 * Words an app or a server wrote, shown as theirs: in a `<bdi>` (its direction isolated from the
 * host's words around it), with every hidden or reordering character revealed as its code point,
 * so what the person reads is what the text holds. Plain text, never markup.
 */
export const UntrustedText = forwardRef<HTMLElement, UntrustedTextProps>(function UntrustedText({ text, singleLine, ...props }, ref) {
  return (
    <bdi {...props} ref={ref} data-untrusted="">
      {revealHiddenCharacters(text, { singleLine })}
    </bdi>
  )
})
