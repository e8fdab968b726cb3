/** Buttons with prompts that show each flow, so a first-time visitor knows what to type. */

/** One suggestion. */
export interface Suggestion {
  label: string
  prompt: string
}

/** Renders the suggestions; clicking one sends it. */
export function SuggestedPrompts(props: { suggestions: Suggestion[]; onPick: (prompt: string) => void; disabled?: boolean }) {
  return (
    <ul className="demo-suggestions" aria-label="Suggested prompts">
      {props.suggestions.map((s) => (
        <li key={s.prompt}>
          <button type="button" disabled={props.disabled} onClick={() => props.onPick(s.prompt)}>
            <strong>{s.label}</strong>
            <span>{s.prompt}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
