import { CONSENT_ACTIVATION_DELAY_MS, createActivationGuard } from '@mcp-hitl/core/internal'
import { type ComponentPropsWithoutRef, forwardRef, type MouseEvent, useEffect, useState } from 'react'
import { composeEventHandlers } from './compose-event-handlers'

/** Props of {@link ConsentButton}: a button's own, plus the interval it ignores activation for. */
export interface ConsentButtonProps extends ComponentPropsWithoutRef<'button'> {
  /**
   * How long after it appears (or the page comes back into view) the button ignores activation.
   * Default {@link CONSENT_ACTIVATION_DELAY_MS}; 0 turns the protection off.
   */
  activationDelayMs?: number
}

/**
 * A button that grants something (Allow, Approve, Send, Save). For a short interval after it
 * appears it ignores activation, as browsers' permission prompts do, so a click or key press aimed
 * at what was there before never lands on it; a press that began during the interval (a key held
 * down, a pointer already pressed) does not count either. It stays focusable meanwhile, with
 * `aria-disabled` (tools that wait for an enabled control, Playwright among them, wait) and
 * `data-armed="false"` for styling. A form's implicit submission (Enter in a field) clicks its submit
 * button, so a submit `ConsentButton` guards that path too.
 */
export const ConsentButton = forwardRef<HTMLButtonElement, ConsentButtonProps>(function ConsentButton(props, ref) {
  const { activationDelayMs = CONSENT_ACTIVATION_DELAY_MS, onClick, onPointerDown, onKeyDown, ...buttonProps } = props
  const [guard] = useState(() => createActivationGuard({ delayMs: activationDelayMs }))
  const [armed, setArmed] = useState(activationDelayMs <= 0)

  useEffect(() => {
    if (activationDelayMs <= 0) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const arm = () => {
      clearTimeout(timer)
      const wait = guard.msUntilArmed()
      if (wait === 0) setArmed(true)
      else timer = setTimeout(arm, wait)
    }
    const reveal = () => {
      guard.reveal()
      setArmed(false)
      arm()
    }
    // Mounted is when it appeared: the clock started with the guard, at the first render.
    arm()
    // Back from another tab or window: the person has not seen it since, so it waits again. Focus
    // moving into an app's frame and back is not this (the page kept focus all along).
    let pageLostFocus = false
    const onBlur = () => {
      setTimeout(() => {
        pageLostFocus = !document.hasFocus()
      }, 0)
    }
    const onFocus = () => {
      if (pageLostFocus) reveal()
      pageLostFocus = false
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') reveal()
    }
    window.addEventListener('blur', onBlur)
    window.addEventListener('focus', onFocus)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('blur', onBlur)
      window.removeEventListener('focus', onFocus)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [guard, activationDelayMs])

  return (
    <button
      type="button"
      {...buttonProps}
      ref={ref}
      aria-disabled={armed ? buttonProps['aria-disabled'] : true}
      data-armed={armed}
      onPointerDown={composeEventHandlers(onPointerDown, () => guard.press())}
      onKeyDown={composeEventHandlers(onKeyDown, (event) => {
        // A key held down repeats; its repeats are never a fresh decision.
        if (event.repeat && (event.key === 'Enter' || event.key === ' ')) event.preventDefault()
        else if (event.key === 'Enter' || event.key === ' ') guard.press()
      })}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (!guard.allowsActivation()) {
          // Also stops a submit button's form submission.
          event.preventDefault()
          return
        }
        onClick?.(event)
      }}
    />
  )
})
