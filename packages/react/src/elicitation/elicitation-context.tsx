import { type ElicitationDrafts, type ElicitationItem, McpHitlError, type RespondInput } from '@mcp-hitl/core'
import type { FormProps, ThemeProps } from '@rjsf/core'
import type { RegistryFieldsType, RegistryWidgetsType, RJSFSchema, TemplatesType, UiSchema, ValidatorType } from '@rjsf/utils'
import { createContext, type ReactNode, type RefObject, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useLabels } from '../shared/use-labels'
import { useShallowStable } from '../shared/use-shallow-stable'
import { DEFAULT_ELICITATION_LABELS, type ElicitationLabels } from './labels'
import type { UseElicitationResult } from './use-elicitation'
import { useExpired } from './use-expired'

/** The form data type of the RJSF customisation points: RJSF's own default, so any theme or widget written for RJSF fits. */
// biome-ignore lint/suspicious/noExplicitAny: RJSF's own generics default to any for form data.
export type AnyData = any

/** What the view shows: the item's state plus the two states only the page knows. */
export type ElicitationViewStatus = 'idle' | 'pending' | 'submitting' | 'error' | 'settled' | 'expired' | 'waiting'

/** RJSF pass-through: validator, theme, widgets, templates, fields, uiSchema and other Form props. */
export interface ElicitationFormCustomisation {
  /** RJSF validator; default the kit's eval-free one. For Ajv: `import validator from '@rjsf/validator-ajv8'`. */
  validator?: ValidatorType<AnyData, RJSFSchema>
  /** A published RJSF theme's parts (e.g. `Theme` of `@rjsf/shadcn`). */
  theme?: ThemeProps<AnyData, RJSFSchema>
  widgets?: RegistryWidgetsType<AnyData, RJSFSchema>
  templates?: Partial<TemplatesType<AnyData, RJSFSchema>>
  fields?: RegistryFieldsType<AnyData, RJSFSchema>
  /** Merged over the uiSchema the kit derives from the requested schema. */
  uiSchema?: UiSchema<AnyData, RJSFSchema>
  /** Any other RJSF `Form` prop (e.g. `translateString`); the kit's submit, change and error handlers take precedence. */
  formProps?: Partial<FormProps<AnyData, RJSFSchema>>
  /** URL mode: also open `http://localhost` pages (development only). */
  allowLocalhost?: boolean
}

/** A Root's own props: which queue and item to show, the labels and the RJSF customisation. */
export interface ElicitationRootProps extends ElicitationFormCustomisation {
  /** The result of `useElicitation`. */
  elicitation: UseElicitationResult
  /** Show this item instead of the queue's current one (inline forms in a transcript). */
  itemId?: string
  /** Any label to replace (i18n). */
  labels?: Partial<ElicitationLabels>
  /**
   * Where focus goes after the last request leaves when the element that had it before is gone or
   * disabled (usually the chat input): an element ref or a function returning the element.
   */
  returnFocus?: RefObject<HTMLElement | null> | (() => HTMLElement | null | undefined)
  /**
   * How long Send, Open <site>, Reopen and I'm done ignore activation after they appear (ms), so a
   * click or key press aimed at what was there before never answers. Default 750; 0 turns it off
   * (for tests that are not about it).
   */
  activationDelayMs?: number
}

// Every Root prop, listed once: the Roots pass the rest of their props to their element.
const ROOT_PROP_KEYS: Record<keyof ElicitationRootProps, true> = {
  elicitation: true,
  itemId: true,
  labels: true,
  validator: true,
  theme: true,
  widgets: true,
  templates: true,
  fields: true,
  uiSchema: true,
  formProps: true,
  allowLocalhost: true,
  returnFocus: true,
  activationDelayMs: true,
}

/** Splits a Root's props into its own and the rest, which go to the Root's element. */
export function splitRootProps<P extends ElicitationRootProps>(props: P): [ElicitationRootProps, Omit<P, keyof ElicitationRootProps>] {
  const options: Record<string, unknown> = {}
  const rest: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(props)) (Object.hasOwn(ROOT_PROP_KEYS, key) ? options : rest)[key] = value
  return [options as unknown as ElicitationRootProps, rest as Omit<P, keyof ElicitationRootProps>]
}

/** An exit that waits for the user to confirm that typed input may be thrown away. */
export interface PendingExit {
  action: 'decline' | 'cancel'
  /** Focus goes back here on Keep editing. */
  returnTo: HTMLElement | null
}

/** Everything the compound parts read. */
export interface ElicitationViewValue {
  item: ElicitationItem | undefined
  /** Every queued item, in arrival order (the queue list shows them), set-aside URL steps included. */
  items: readonly ElicitationItem[]
  /**
   * URL steps the person set aside ("I'm done"), or consented to before the page showed them (a
   * reload, another tab), that their server has not confirmed yet: shown as pending rows.
   */
  setAsideItems: readonly ElicitationItem[]
  /** Sets a URL step aside until its server confirms (this view's item without `id`). */
  setAside: (id?: string) => void
  position: number
  total: number
  status: ElicitationViewStatus
  mode: 'form' | 'url'
  labels: ElicitationLabels
  customisation: ElicitationFormCustomisation
  ids: { title: string; description: string; form: string; fieldPrefix: string; exitHint: string; confirm: string; sendError: string }
  inDialog: boolean
  /** The Root's `activationDelayMs` (undefined: the default). */
  activationDelayMs: number | undefined
  /** Answers this view's item (or the item `id` names), in the respond body's shape. */
  respond: (input: RespondInput) => Promise<void>
  /** Removes this view's item (or the item `id` names) locally. */
  dismiss: (id?: string) => void
  /** Declines or cancels; asks first (`pendingExit`) when the user typed into the form. */
  leave: (action: 'decline' | 'cancel') => void
  /** The exit waiting for confirmation, if any. */
  pendingExit: PendingExit | undefined
  /** Keep editing (`false`) or throw the input away and send the exit's action (`true`). */
  resolveExit: (discard: boolean) => void
  /** Shows another queued item (the queue list). */
  select: (id: string) => void
  /** Where the form keeps what the person typed (from `useElicitation`); undefined when off. */
  drafts: ElicitationDrafts | undefined
  /** Declines this view's item because rendering it threw `error`; the Body then shows why (`cannotRender`). */
  declineUnrenderable: (error: unknown) => void
  /** The form's values per item in this view (sensitive ones too), kept while the user looks at another queued request. */
  formValues: Map<string, unknown>
  /** The user typed into the item's form. */
  markDirty: (id: string) => void
  /** Says `text` through the root's polite live region. */
  announce: (text: string) => void
  /** The current announcement (rendered by the root's live region). */
  announcement: string
  /** The Header reports that the message element (the dialog's description) exists. */
  setDescribed: (described: boolean) => void
  described: boolean
}

const ViewContext = createContext<ElicitationViewValue | null>(null)

const ROOTS = 'ElicitationDialog.Root or ElicitationInline.Root'

/**
 * Reads the surrounding Root, for custom parts. Outside one it throws an `McpHitlError` (code
 * `misuse`) that names `part`, the caller, and the Roots it needs.
 */
export function useElicitationView(part = 'useElicitationView'): ElicitationViewValue {
  const value = useContext(ViewContext)
  if (!value) {
    throw new McpHitlError(
      `${part} must be rendered inside ${ROOTS}: put it between the Root's tags (ElicitationDialog and ElicitationInline render one around their parts).`,
      { code: 'misuse' },
    )
  }
  return value
}

function viewStatus(item: ElicitationItem | undefined, expired: boolean): ElicitationViewStatus {
  if (!item) return 'idle'
  if (item.state === 'settled') return 'settled'
  if (item.awaitingCompletion) return 'waiting'
  if (expired && item.state !== 'submitting') return 'expired'
  return item.state
}

/** The form customisation among `props`, as one object that keeps its identity while none of its parts changes. */
export function useFormCustomisation(props: ElicitationFormCustomisation): ElicitationFormCustomisation {
  const { validator, theme, widgets, templates, fields, uiSchema, formProps, allowLocalhost } = props
  return useShallowStable<ElicitationFormCustomisation>({ validator, theme, widgets, templates, fields, uiSchema, formProps, allowLocalhost })
}

/**
 * Builds the view value of a Root (shared by the dialog and the inline root). `described`: the
 * Root's parts include the Header, so the message links from the first render (rather than from a
 * second one after the Header reported it).
 */
export function useElicitationViewValue(props: ElicitationRootProps, inDialog: boolean, described = false): ElicitationViewValue {
  const { elicitation, itemId, labels, activationDelayMs } = props
  const [selected, setSelected] = useState<string>()
  // Set aside by this view ("I'm done" before the server confirmed), or consented to before the page
  // showed it (a reload, another tab): a pending row, not the question.
  const [asideIds, setAsideIds] = useState<ReadonlySet<string>>(() => new Set())
  const asideOf = (it: ElicitationItem) => it.awaitingCompletion === true && (it.setAside === true || asideIds.has(it.id))
  const shown = (it: ElicitationItem | undefined) => (it && !asideOf(it) ? it : undefined)
  const item = itemId
    ? shown(elicitation.items.find((it) => it.id === itemId))
    : (shown(selected !== undefined ? elicitation.items.find((it) => it.id === selected) : undefined) ??
      elicitation.items.find((it) => !asideOf(it)))
  const setAsideItems = useMemo(
    () =>
      elicitation.items.filter(
        (it) => it.awaitingCompletion === true && (it.setAside === true || asideIds.has(it.id)) && (!itemId || it.id === itemId),
      ),
    [elicitation.items, asideIds, itemId],
  )
  const expired = useExpired(item?.data.expiresAt)
  const allLabels = useLabels(DEFAULT_ELICITATION_LABELS, labels)
  // URL mode has its own wording: the parts that name the request (title, trust note, exit hint)
  // read the URL labels through the same keys, so one Header serves both modes.
  const urlMode = item?.data.mode === 'url'
  const resolved = useMemo<ElicitationLabels>(
    () => (urlMode ? { ...allLabels, title: allLabels.urlTitle, trustNote: allLabels.urlTrustNote, exitHint: allLabels.urlExitHint } : allLabels),
    [allLabels, urlMode],
  )
  const customisation = useFormCustomisation(props)
  const base = useId().replace(/[^a-zA-Z0-9_-]/g, '')
  const { respond, dismiss, drafts, queue } = elicitation
  const id = item?.id
  const status = viewStatus(item, expired)
  const [formValues] = useState(() => new Map<string, unknown>())
  const [dirty] = useState(() => new Set<string>())
  const [pendingExit, setPendingExit] = useState<PendingExit & { id: string }>()
  const [announcement, setAnnouncement] = useState('')
  const [hasDescription, setDescribed] = useState(described)
  // Items that left: their drafts and flags go too (nothing typed outlives its request).
  const live = elicitation.items
  useEffect(() => {
    const ids = new Set(live.map((it) => it.id))
    for (const key of [...formValues.keys()]) if (!ids.has(key)) formValues.delete(key)
    for (const key of [...dirty]) if (!ids.has(key)) dirty.delete(key)
    setAsideIds((aside) => ([...aside].every((key) => ids.has(key)) ? aside : new Set([...aside].filter((key) => ids.has(key)))))
  }, [live, formValues, dirty])
  const exitFor = pendingExit && pendingExit.id === id ? pendingExit : undefined
  // Keep editing: back to the field the user was in.
  const restore = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (exitFor || !restore.current) return
    const target = restore.current
    restore.current = null
    if (target.isConnected) target.focus()
  }, [exitFor])
  // Sentences said in the same moment (a request that appears in its last minute) are said together.
  const saying = useRef<string[]>([])
  const sayTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // Nothing is said after the view has gone (its live region with it).
  useEffect(
    () => () => {
      clearTimeout(sayTimer.current)
      saying.current = []
    },
    [],
  )
  const announce = useCallback((text: string) => {
    saying.current.push(text)
    if (saying.current.length > 1) return
    // Cleared first, so the same sentence twice is announced twice.
    setAnnouncement('')
    sayTimer.current = setTimeout(() => {
      setAnnouncement(saying.current.join(' '))
      saying.current = []
    }, 50)
  }, [])
  const markDirty = useCallback((target: string) => dirty.add(target), [dirty])
  return useMemo<ElicitationViewValue>(() => {
    const answer = async (input: RespondInput) => {
      const target = input.id ?? id
      if (target) await respond({ ...input, id: target })
    }
    return {
      item,
      items: itemId ? (item ? [item] : []) : elicitation.items,
      setAsideItems,
      setAside: (target = id) => {
        if (target) setAsideIds((aside) => new Set(aside).add(target))
      },
      position: itemId ? 1 : elicitation.position,
      total: itemId ? 1 : elicitation.total,
      status,
      mode: item?.data.mode === 'url' ? 'url' : 'form',
      labels: resolved,
      customisation,
      ids: {
        title: `${base}-title`,
        description: `${base}-description`,
        form: `${base}-form`,
        fieldPrefix: `mcp-hitl-${base}`,
        exitHint: `${base}-exit-hint`,
        confirm: `${base}-confirm`,
        sendError: `${base}-send-error`,
      },
      inDialog,
      activationDelayMs,
      // Bound to this view's item: a view whose item is gone answers nothing (never the queue's next one).
      respond: answer,
      dismiss: (target = id) => {
        if (target) dismiss(target)
      },
      leave: (action) => {
        if (!id) return
        const typed = dirty.has(id) && item?.data.mode !== 'url' && (status === 'pending' || status === 'error')
        if (!typed) {
          void answer({ action })
          return
        }
        const active = typeof document === 'undefined' ? null : document.activeElement
        setPendingExit({ id, action, returnTo: active instanceof HTMLElement ? active : null })
      },
      pendingExit: exitFor,
      resolveExit: (discard) => {
        if (!exitFor) return
        setPendingExit(undefined)
        if (discard) void answer({ action: exitFor.action })
        else restore.current = exitFor.returnTo
      },
      select: setSelected,
      drafts,
      declineUnrenderable: (error) => {
        if (id) void queue.declineUnrenderable(id, error instanceof Error ? error.message : String(error))
      },
      formValues,
      markDirty,
      announce,
      announcement,
      setDescribed,
      described: hasDescription,
    }
  }, [
    item,
    itemId,
    elicitation.items,
    setAsideItems,
    activationDelayMs,
    elicitation.position,
    elicitation.total,
    status,
    resolved,
    customisation,
    base,
    inDialog,
    respond,
    dismiss,
    queue,
    id,
    dirty,
    exitFor,
    drafts,
    formValues,
    markDirty,
    announce,
    announcement,
    hasDescription,
  ])
}

/** Provides the view value to the compound parts. */
export function ElicitationViewProvider({ value, children }: { value: ElicitationViewValue; children?: ReactNode }) {
  return <ViewContext.Provider value={value}>{children}</ViewContext.Provider>
}
