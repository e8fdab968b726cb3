import { type McpAppSamplingRequest, type SamplingApproval, type SamplingRequester, samplingReviewProblem } from '@mcp-hitl/core/apps'
import type { SamplingContent } from '@mcp-hitl/core/internal'
import { isolateUntrusted } from '@mcp-hitl/core/internal'
import { forwardRef, type ReactNode, useMemo, useState, useSyncExternalStore } from 'react'
import { ConsentButton } from '../shared/consent-button'
import { useLabels } from '../shared/use-labels'
import { UntrustedText } from '../shared/untrusted-text'
import { AppRequestDialog, type AppRequestDialogFrameProps } from './app-request-dialog'
import { type AppRequestLabels, DEFAULT_APP_REQUEST_LABELS } from './app-request-labels'
import { RequesterList } from './requester-list'
import { OfferedTools, SamplingBlock } from './sampling-content'

/** Props of {@link SamplingApprovalDialog}: the approval, the labels, and any prop of the dialog content element. */
export interface SamplingApprovalDialogProps extends AppRequestDialogFrameProps {
  /** The request under review (`createSamplingApproval`); nothing is shown without one. */
  approval: SamplingApproval | undefined
  /** Any label to replace (i18n). */
  labels?: Partial<AppRequestLabels>
  /** Called when a failed request's dialog is closed (the app already got its error). */
  onDismiss?: () => void
  /** Offers "Stop requests from <app>": called, then the request is denied. Without it the button is not shown. */
  onStop?: () => void
  /** How long Approve and Send ignore activation after they appear. Default 750 ms; 0 turns it off (tests). */
  activationDelayMs?: number
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

// The names an app or a server gave, isolated for the host's sentences.
function isolated(requester: SamplingRequester): SamplingRequester {
  const out: SamplingRequester = {}
  if (requester.appName) out.appName = isolateUntrusted(requester.appName)
  if (requester.toolName) out.toolName = isolateUntrusted(requester.toolName)
  if (requester.serverName) out.serverName = requester.serverName
  return out
}

/**
 * The person's review of an app's `sampling/createMessage`, on the consent model (see
 * `AppRequestDialog`): the host names who asks (the app's own name shown as its claim), then
 * everything the model would get (instructions, messages with their images, sounds, tool calls and
 * results, limits, the tools offered, each allowed only when ticked), then Deny / Edit / Approve;
 * once the model answered, the reply with Deny / Send. Approve and Send ignore activation for a
 * moment after they appear; Escape inside and the corner button deny (asking first when there are
 * edits). A request with a part the review cannot show can only be denied.
 */
export const SamplingApprovalDialog = forwardRef<HTMLDivElement, SamplingApprovalDialogProps>(function SamplingApprovalDialog(props, ref) {
  const { approval, labels: labelOverrides, onDismiss, onStop, activationDelayMs, ...dialogProps } = props
  const labels = useLabels(DEFAULT_APP_REQUEST_LABELS, labelOverrides)
  const noop = useMemo(() => ({ subscribe: () => () => {}, getSnapshot: () => undefined }), [])
  const snapshot = useSyncExternalStore(approval?.subscribe ?? noop.subscribe, approval?.getSnapshot ?? noop.getSnapshot)
  const [draft, setDraft] = useState<McpAppSamplingRequest | undefined>()
  const [allowed, setAllowed] = useState<ReadonlySet<string>>(() => new Set())
  const [confirming, setConfirming] = useState(false)
  // The images and sounds that could not be shown, by part and kind.
  const [unshown, setUnshown] = useState<ReadonlyMap<string, 'image' | 'audio'>>(() => new Map())
  const original = snapshot?.original
  const problem = useMemo(() => (original ? samplingReviewProblem(original) : undefined), [original])
  if (!approval || !snapshot || snapshot.status === 'sent' || snapshot.status === 'denied' || snapshot.status === 'cancelled') return null
  const { status, requester, result } = snapshot
  const request = draft ?? snapshot.request
  const editing = draft !== undefined && status === 'review'
  const dirty = editing && JSON.stringify(draft) !== JSON.stringify(snapshot.request)
  const approvable = problem === undefined && unshown.size === 0
  const who = isolated(requester)
  const onUnshown = (key: string, kind: 'image' | 'audio') => setUnshown((current) => (current.has(key) ? current : new Map([...current, [key, kind]])))

  const deny = () => {
    if (dirty && !confirming) setConfirming(true)
    else approval.deny()
  }
  const safeChoice = () => {
    if (status === 'failed') onDismiss?.()
    else if (confirming) setConfirming(false)
    else deny()
  }
  const stop = () => {
    onStop?.()
    approval.deny()
  }
  const grant = { tools: [...allowed] }

  const body =
    status === 'result' && result ? (
      <section data-part="result">
        <h3>{labels.resultTitle(isolateUntrusted(result.model))}</h3>
        {blocks(result.content).map((block, b) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks keep their order
          <SamplingBlock key={b} block={block} id={`result.${b}`} labels={labels} onUnshown={onUnshown} />
        ))}
      </section>
    ) : (
      <div data-part="request">
        {problem ? (
          <p data-part="unreviewable" role="alert">
            {labels.unreviewable(problem)}
          </p>
        ) : null}
        {[...new Set(unshown.values())].map((kind) => (
          <p key={kind} data-part="unreviewable" role="alert">
            {labels.mediaUnshown(kind)}
          </p>
        ))}
        {status === 'generating' ? <p data-part="generating">{labels.generating}</p> : null}
        {request.systemPrompt !== undefined ? (
          <section data-part="system-prompt">
            <h3>{labels.systemPrompt}</h3>
            {editing ? (
              <textarea
                data-focus-keep={confirming ? undefined : ''}
                aria-label={labels.systemPrompt}
                value={request.systemPrompt}
                onChange={(event) => setDraft({ ...request, systemPrompt: event.target.value })}
              />
            ) : (
              <p data-part="text">
                <UntrustedText text={request.systemPrompt} />
              </p>
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
                    // Where focus goes when the person starts editing (the Edit button is gone).
                    data-focus-keep={confirming ? undefined : ''}
                    aria-label={`${labels.messageRole(message.role)} ${m + 1}`}
                    value={block.text}
                    onChange={(event) => setDraft(withText(request, [m, b], event.target.value))}
                  />
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blocks keep their order
                  <SamplingBlock key={b} block={block} id={`${m}.${b}`} labels={labels} onUnshown={onUnshown} />
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
                <dd>
                  <UntrustedText text={request.stopSequences.map((s) => JSON.stringify(s)).join(', ')} />
                </dd>
              </>
            ) : null}
            {request.modelPreferences?.hints?.length ? (
              <>
                <dt>{labels.modelHints}</dt>
                <dd>
                  <UntrustedText
                    text={request.modelPreferences.hints
                      .map((hint) => hint.name)
                      .filter(Boolean)
                      .join(', ')}
                  />
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        {snapshot.original.tools?.length && status === 'review' ? (
          <OfferedTools
            tools={snapshot.original.tools}
            required={snapshot.original.toolChoice?.mode === 'required'}
            allowed={allowed}
            readOnly={false}
            onChange={(name, on) =>
              setAllowed((current) => {
                const next = new Set(current)
                if (on) next.add(name)
                else next.delete(name)
                return next
              })
            }
            labels={labels}
          />
        ) : null}
      </div>
    )

  // Keyed: a button never turns into another in place, under the person's focus.
  const denyButton = (
    <button key="deny" type="button" data-action="decline" data-focus-keep="" onClick={deny}>
      {labels.deny}
    </button>
  )
  let buttons: ReactNode
  if (confirming) {
    buttons = (
      <div data-part="confirm-discard">
        <p data-part="confirm-title">{labels.discardEdits}</p>
        <div data-part="confirm-actions">
          <button type="button" data-action="keep-editing" data-focus-keep="" onClick={() => setConfirming(false)}>
            {labels.keepEditing}
          </button>
          <button type="button" data-action="discard" data-variant="danger" onClick={() => approval.deny()}>
            {labels.discardAndDeny}
          </button>
        </div>
      </div>
    )
  } else if (status === 'failed') {
    buttons = (
      <div data-part="buttons">
        <button type="button" data-action="close" data-focus-keep="" onClick={() => onDismiss?.()}>
          {labels.close}
        </button>
      </div>
    )
  } else if (status === 'review') {
    buttons = (
      <div data-part="buttons">
        {denyButton}
        {editing ? (
          <button
            key="cancel-edit"
            type="button"
            data-action="cancel-edit"
            onClick={() => {
              setDraft(undefined)
              setConfirming(false)
            }}
          >
            {labels.cancelEdit}
          </button>
        ) : approvable ? (
          <button key="edit" type="button" data-action="edit" onClick={() => setDraft(snapshot.request)}>
            {labels.edit}
          </button>
        ) : null}
        {approvable ? (
          <ConsentButton
            key={editing ? 'approve-edited' : 'approve'}
            data-action="accept"
            data-variant="primary"
            activationDelayMs={activationDelayMs}
            onClick={() => approval.approve(editing ? draft : undefined, grant)}
          >
            {editing ? labels.approveEdited : labels.approve}
          </ConsentButton>
        ) : null}
      </div>
    )
  } else if (status === 'result') {
    buttons = (
      <div data-part="buttons">
        {denyButton}
        {unshown.size === 0 ? (
          <ConsentButton key="send" data-action="accept" data-variant="primary" activationDelayMs={activationDelayMs} onClick={() => approval.send()}>
            {labels.sendResult}
          </ConsentButton>
        ) : null}
      </div>
    )
  } else {
    buttons = <div data-part="buttons">{denyButton}</div>
  }

  return (
    <AppRequestDialog
      {...dialogProps}
      ref={ref}
      kind="sampling"
      data-status={status}
      data-editing={editing || undefined}
      title={labels.samplingTitle(who)}
      description={
        <>
          <RequesterList requester={requester} labels={labels} />
          <p data-part="trust-note">{labels.samplingTrustNote}</p>
        </>
      }
      body={body}
      error={
        status === 'failed' ? (
          <p data-part="send-error" role="alert">
            {labels.failed(snapshot.error ?? '')}
          </p>
        ) : null
      }
      actions={
        <div data-part="actions">
          {onStop && status !== 'failed' ? (
            <button type="button" data-action="stop" onClick={stop}>
              {labels.stopRequests(who.appName)}
            </button>
          ) : null}
          {buttons}
        </div>
      }
      closeLabel={status === 'failed' ? labels.close : labels.closeSampling}
      onSafeChoice={safeChoice}
      announcement={status === 'review' ? labels.samplingAnnouncement(who) : labels.samplingStatus(status)}
    />
  )
})
