/**
 * The parts of a sampling request and reply as the review shows them: everything the model gets,
 * nothing left out. Text is plain text, bidi-isolated, its hidden characters revealed; images and
 * sounds are drawn from their own `data:` bytes (only the types `samplingReviewProblem` lets
 * through); tool calls and tool results in full, in a scrolling box.
 */
import type { SamplingContent, SamplingMediaContent, SamplingTool } from '@mcp-hitl/core/internal'
import { isolateUntrusted } from '@mcp-hitl/core/internal'
import { UntrustedText } from '../shared/untrusted-text'
import type { AppRequestLabels } from './app-request-labels'

/** Called when an image or sound the model would get could not be shown. */
export type OnUnshown = (key: string, kind: 'image' | 'audio') => void

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? 'null'

function Media({ block, id, labels, onUnshown }: { block: SamplingMediaContent; id: string; labels: AppRequestLabels; onUnshown: OnUnshown }) {
  const src = `data:${block.mimeType};base64,${block.data}`
  if (block.type === 'image') {
    return <img data-part="image" src={src} alt={labels.imageBlock(block.mimeType)} onError={() => onUnshown(id, 'image')} />
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: the app's sound has no captions to give; its label names what it is
    <audio data-part="audio" controls preload="metadata" src={src} aria-label={labels.audioBlock(block.mimeType)} onError={() => onUnshown(id, 'audio')} />
  )
}

// A tool result's own blocks, as the model gets them: text, images, sounds; anything else as JSON.
function ToolResultPart({ part, id, labels, onUnshown }: { part: unknown; id: string; labels: AppRequestLabels; onUnshown: OnUnshown }) {
  const block = part as Partial<SamplingContent> | null
  if (block?.type === 'text' && typeof block.text === 'string') {
    return (
      <p data-part="text">
        <UntrustedText text={block.text} />
      </p>
    )
  }
  if ((block?.type === 'image' || block?.type === 'audio') && typeof block.data === 'string' && typeof block.mimeType === 'string') {
    return <Media block={block as SamplingMediaContent} id={id} labels={labels} onUnshown={onUnshown} />
  }
  return (
    <pre data-part="json">
      <UntrustedText text={json(part)} />
    </pre>
  )
}

/** One block of a message or of the reply. */
export function SamplingBlock({ block, id, labels, onUnshown }: { block: SamplingContent; id: string; labels: AppRequestLabels; onUnshown: OnUnshown }) {
  switch (block.type) {
    case 'text':
      return (
        <p data-part="text">
          <UntrustedText text={block.text} />
        </p>
      )
    case 'image':
    case 'audio':
      return <Media block={block} id={id} labels={labels} onUnshown={onUnshown} />
    case 'tool_use':
      return (
        <div data-part="tool-use">
          <p data-part="tool-heading">{labels.toolUse(isolateUntrusted(block.name))}</p>
          <pre data-part="json">
            <UntrustedText text={json(block.input)} />
          </pre>
        </div>
      )
    case 'tool_result':
      return (
        <div data-part="tool-result" data-error={block.isError || undefined}>
          <p data-part="tool-heading">{labels.toolResult(block.isError === true)}</p>
          <div data-part="tool-result-content">
            {block.content.map((part, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the result's parts keep their order
              <ToolResultPart key={i} part={part} id={`${id}.${i}`} labels={labels} onUnshown={onUnshown} />
            ))}
          </div>
        </div>
      )
  }
}

/** The tools the app offers the model: each with its description and input, allowed only when ticked. */
export function OfferedTools(props: {
  tools: SamplingTool[]
  required: boolean
  allowed: ReadonlySet<string>
  onChange: (name: string, allowed: boolean) => void
  readOnly: boolean
  labels: AppRequestLabels
}) {
  const { tools, required, allowed, onChange, readOnly, labels } = props
  return (
    <fieldset data-part="tools">
      <legend>{labels.toolsOffered(tools.length)}</legend>
      <p data-part="tools-note">{labels.toolsNote}</p>
      {required ? <p data-part="tools-note">{labels.toolChoiceRequired}</p> : null}
      <ul>
        {tools.map((tool) => (
          <li key={tool.name} data-part="tool">
            <label>
              <input type="checkbox" checked={allowed.has(tool.name)} disabled={readOnly} onChange={(event) => onChange(tool.name, event.target.checked)} />
              <code data-part="tool-name">
                <UntrustedText text={tool.name} singleLine />
              </code>
            </label>
            {tool.description ? (
              <p data-part="tool-description">
                <UntrustedText text={tool.description} />
              </p>
            ) : null}
            <p data-part="tool-input-label">{labels.toolInput}</p>
            <pre data-part="json">
              <UntrustedText text={json(tool.inputSchema)} />
            </pre>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}
