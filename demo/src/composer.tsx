/** The message box under the chat. */
import { type FormEvent, useState } from 'react'

/** A text field and a send button; clears after sending. */
export function Composer(props: { onSend: (text: string) => void; disabled?: boolean; placeholder?: string }) {
  const [text, setText] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = text.trim()
    if (!value || props.disabled) return
    props.onSend(value)
    setText('')
  }
  return (
    <form className="demo-composer" onSubmit={submit}>
      <input
        aria-label="Message"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={props.placeholder ?? 'Ask something…'}
        autoComplete="off"
      />
      <button type="submit" disabled={props.disabled || text.trim() === ''}>
        Send
      </button>
    </form>
  )
}
