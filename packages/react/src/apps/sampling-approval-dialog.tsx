import type { McpAppSamplingRequest, SamplingApproval, SamplingContent } from '@mcp-hitl/core/apps'
import { Content, Description, Overlay, Portal, Root, Title } from '@radix-ui/react-dialog'
import { type ComponentPropsWithoutRef, forwardRef, useId, useMemo, useState, useSyncExternalStore } from 'react'
import { useLabels } from '../shared/use-labels'
import { type AppRequestLabels, DEFAULT_APP_REQUEST_LABELS } from './app-request-labels'

/** Props of {@link SamplingApprovalDialog}: the approval, the labels, and any prop of the dialog content element. */
export interface SamplingApprovalDialogProps extends Omit<ComponentPropsWithoutRef<typeof Content>, 'asChild' | 'forceMount' | 'children'> {
  /** The request under review (`createSamplingApproval`); nothing is shown without one. */
  approval: SamplingApproval | undefined
  /** Any label to replace (i18n). */
  labels?: Partial<AppRequestLabels>
  /** Called when a failed request's dialog is closed (the app already got its error). */
  onDismiss?: () => void
  overlayClassName?: string
  /** Portal target (default `document.body`). */
  container?: HTMLElement | null
}

const blocks = (content: SamplingContent | SamplingContent[]) => (Array.isArray(content) ? content : [content])

function withText(request: McpAppSamplingRequest, at: [number, number], text: string): McpAppSamplingRequest {
  const [m, b] = at
  return {
    ...request,
    messages: request.messages.map((message, i) => {
      if (i !== m) return message
      const list = blocks(message.content).map((block, j) => (j === b && block.type === 'text' ? { ...block, text } : block))
      return { ...message, content: Array.isArray(message.content) ? list : (list[0] as SamplingContent) }
    }),
  }
}

function Block({ block, labels }: { block: SamplingContent; labels: AppRequestLabels }) {
  switch (block.type) {
    case 'text':
      return <p data-part="text">{block.text}</p>
    case 'image':
    case 'audio':
      // Never rendered from the app's data: named only.
      return <p data-part="media">{labels.mediaBlock(block.type, block.mimeType)}</p>
    case 'tool_use':
      return <p data-part="tool-use">{labels.toolUse(block.name)}</p>
    case 'tool_result':
      return <p data-part="tool-result">{JSON.stringify(block.content).slice(0, 2000)}</p>
  }
}

/**
 * The person's review of an app's `sampling/createMessage`, in the house style of the elicitation
 * dialog (Radix Dialog, `data-*` parts, labels): who asks (the app by its own name, the tool, the
 * server), the messages and the model limits, then Approve / Edit / Deny; once the model answered,
 * the reply with Send / Deny. Escape and an outside click deny. All app text is plain text.
 */
export const SamplingApprovalDialog = forwardRef<HTMLDivElement, SamplingApprovalDialogProps>(function SamplingApprovalDialog(props, ref) {
  const { approval, labels: labelOverrides, onDismiss, overlayClassName, container, ...contentProps } = props
  const labels = useLabels(DEFAULT_APP_REQUEST_LABELS, labelOverrides)
  const noop = useMemo(() => ({ subscribe: () => () => {}, getSnapshot: () => undefined }), [])
  const snapshot = useSyncExternalStore(approval?.subscribe ?? noop.subscribe, approval?.getSnapshot ?? noop.getSnapshot)
  const [draft, setDraft] = useState<McpAppSamplingRequest | undefined>()
  const ids = { title: useId(), description: useId(), status: useId() }
  if (!approval || !snapshot || snapshot.status === 'sent' || snapshot.status === 'denied' || snapshot.status === 'cancelled') return null
  const { status, requester, result } = snapshot
  const request = draft ?? snapshot.request
  const editing = draft !== undefined && status === 'review'
  const close = () => {
    if (status === 'failed') onDismiss?.()
    else approval.deny()
  }
  return (
    <Root open onOpenChange={(open) => !open && close()}>
      <Portal container={container}>
        <Overlay data-mcp-hitl-overlay="" className={overlayClassName} />
        <Content
          {...contentProps}
          ref={ref}
          data-mcp-hitl-root=""
          data-mcp-hitl-sampling=""
          data-status={status}
          data-editing={editing || undefined}
          aria-labelledby={ids.title}
          aria-describedby={ids.description}
        >
          <div data-part="header">
            <Title id={ids.title} data-part="title">
              {labels.samplingTitle(requester)}
            </Title>
            <Description id={ids.description} data-part="trust-note">
              {labels.samplingTrustNote}
            </Description>
            <dl data-part="requester">
              {requester.appName ? (
                <>
                  <dt>{labels.requesterApp}</dt>
                  <dd>{labels.appClaim(requester.appName)}</dd>
                </>
              ) : null}
              {requester.toolName ? (
                <>
                  <dt>{labels.requesterTool}</dt>
                  <dd>{requester.toolName}</dd>
                </>
              ) : null}
              {requester.serverName ? (
                <>
                  <dt>{labels.requesterServer}</dt>
                  <dd>{requester.serverName}</dd>
                </>
              ) : null}
            </dl>
          </div>
          <p id={ids.status} data-part="status" role="status">
            {labels.samplingStatus(status)}
          </p>
          {status === 'review' ? (
            <div data-part="request">
              {request.systemPrompt !== undefined ? (
                <section data-part="system-prompt">
                  <h3>{labels.systemPrompt}</h3>
                  {editing ? (
                    <textarea
                      aria-label={labels.systemPrompt}
                      value={request.systemPrompt}
                      onChange={(event) => setDraft({ ...request, systemPrompt: event.target.value })}
                    />
                  ) : (
                    <p data-part="text">{request.systemPrompt}</p>
                  )}
                </section>
              ) : null}
              <ol data-part="messages">
                {request.messages.map((message, m) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: messages have no ids and keep their order
                  <li key={m} data-role={message.role}>
                    <h3>{labels.messageRole(message.role)}</h3>
                    {blocks(message.content).map((block, b) =>
                      editing && block.type === 'text' ? (
                        <textarea
                          // biome-ignore lint/suspicious/noArrayIndexKey: blocks keep their order
                          key={b}
                          aria-label={`${labels.messageRole(message.role)} ${m + 1}`}
                          value={block.text}
                          onChange={(event) => setDraft(withText(request, [m, b], event.target.value))}
                        />
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: blocks keep their order
                        <Block key={b} block={block} labels={labels} />
                      ),
                    )}
                  </li>
                ))}
              </ol>
              <section data-part="limits">
                <h3>{labels.limits}</h3>
                <dl>
                  <dt>{labels.maxTokens}</dt>
                  <dd>
                    {editing ? (
                      <input
                        type="number"
                        min={1}
                        step={1}
                        aria-label={labels.maxTokens}
                        value={request.maxTokens}
                        onChange={(event) => {
                          const value = Number(event.target.value)
                          if (Number.isSafeInteger(value) && value >= 1) setDraft({ ...request, maxTokens: value })
                        }}
                      />
                    ) : (
                      request.maxTokens
                    )}
                  </dd>
                  {request.temperature !== undefined ? (
                    <>
                      <dt>{labels.temperature}</dt>
                      <dd>{request.temperature}</dd>
                    </>
                  ) : null}
                  {request.stopSequences?.length ? (
                    <>
                      <dt>{labels.stopSequences}</dt>
                      <dd>{request.stopSequences.map((s) => JSON.stringify(s)).join(', ')}</dd>
                    </>
                  ) : null}
                  {request.modelPreferences?.hints?.length ? (
                    <>
                      <dt>{labels.modelHints}</dt>
                      <dd>{request.modelPreferences.hints.map((hint) => hint.name).filter(Boolean).join(', ')}</dd>
                    </>
                  ) : null}
                </dl>
                {request.tools?.length ? <p data-part="tools">{labels.tools(request.tools.map((t) => t.name))}</p> : null}
              </section>
            </div>
          ) : null}
          {status === 'generating' ? <p data-part="generating">{labels.generating}</p> : null}
          {status === 'result' && result ? (
            <section data-part="result">
              <h3>{labels.resultTitle(result.model)}</h3>
              {blocks(result.content).map((block, b) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: blocks keep their order
                <Block key={b} block={block} labels={labels} />
              ))}
            </section>
          ) : null}
          {status === 'failed' ? (
            <p data-part="send-error" role="alert">
              {labels.failed(snapshot.error ?? '')}
            </p>
          ) : null}
          <div data-part="actions">
            {status === 'review' && !editing ? (
              <>
                <button type="button" data-action="accept" onClick={() => approval.approve()}>
                  {labels.approve}
                </button>
                <button type="button" data-action="edit" onClick={() => setDraft(snapshot.request)}>
                  {labels.edit}
                </button>
              </>
            ) : null}
            {editing ? (
              <>
                <button type="button" data-action="accept" onClick={() => approval.approve(draft)}>
                  {labels.approveEdited}
                </button>
                <button type="button" data-action="cancel-edit" onClick={() => setDraft(undefined)}>
                  {labels.cancelEdit}
                </button>
              </>
            ) : null}
            {status === 'result' ? (
              <button type="button" data-action="accept" onClick={() => approval.send()}>
                {labels.sendResult}
              </button>
            ) : null}
            {status === 'failed' ? (
              <button type="button" data-action="close" onClick={() => onDismiss?.()}>
                {labels.close}
              </button>
            ) : (
              <button type="button" data-action="decline" onClick={() => approval.deny()}>
                {labels.deny}
              </button>
            )}
          </div>
        </Content>
      </Portal>
    </Root>
  )
})
