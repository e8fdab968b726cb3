/**
 * A small MCP App built on the real ext-apps `App` class: the view side of the protocol that
 * `McpAppFrame` hosts. Bundled into `virtual:mcp-demo-app` by `.storybook/demo-app-plugin.ts`.
 *
 * Stories cannot reach into the frame (sandboxed `srcdoc`, opaque origin), so besides its buttons the
 * app runs scripted steps named in its tool input: `{ autoRun: ['call-tool', 'open-link', ...] }`.
 */
import { App, applyDocumentTheme, applyHostStyleVariables } from '@modelcontextprotocol/ext-apps'

/** Steps the app can perform on its own after `tool-input`, in the order given. */
type Step = 'call-tool' | 'open-link' | 'message' | 'fullscreen' | 'grow' | 'update-context'

const $ = (id: string) => document.getElementById(id) as HTMLElement
// The host may only grant display modes the app declares.
const app = new App(
  { name: 'forecast-demo', title: 'Forecast', version: '1.0.0' },
  { availableDisplayModes: ['inline', 'fullscreen'] },
  { autoResize: true },
)
let city = 'Lisbon'

function show(text: string): void {
  $('output').textContent = text
}

/**
 * Reports what the app saw as an MCP log message (`notifications/message`), which the host forwards
 * to the server: stories assert on it through their transport, since nothing can read the frame.
 */
function report(event: string, detail: Record<string, unknown> = {}): void {
  void app.sendLog({ level: 'info', logger: 'forecast-demo', data: { event, ...detail } })
}

function textOf(result: { content?: Array<{ type: string; text?: unknown }> }): string {
  return (result.content ?? [])
    .filter((block) => block.type === 'text')
    .map((block) => String(block.text))
    .join('\n')
}

function applyContext(ctx: ReturnType<App['getHostContext']>): void {
  if (!ctx) return
  if (ctx.theme) {
    applyDocumentTheme(ctx.theme)
    $('theme').textContent = ctx.theme
  }
  if (ctx.styles?.variables) applyHostStyleVariables(ctx.styles.variables)
  if (ctx.displayMode) $('display').textContent = ctx.displayMode
  report('host-context', { theme: ctx.theme, displayMode: ctx.displayMode, locale: ctx.locale })
}

const steps: Record<Step, () => Promise<void>> = {
  async 'call-tool'() {
    show(`Calling get_forecast for ${city}...`)
    try {
      const result = await app.callServerTool({ name: 'get_forecast', arguments: { city } })
      show(result.isError ? `Tool error: ${textOf(result)}` : textOf(result))
      report('call-tool-result', { isError: result.isError === true, text: textOf(result) })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      show(`Call failed: ${message}`)
      report('call-tool-failed', { message })
    }
  },
  async 'open-link'() {
    const { isError } = await app.openLink({ url: 'https://example.com/forecast/docs' })
    $('status').textContent = isError ? 'The host refused to open the link.' : 'Link handed to the host.'
  },
  async message() {
    await app.sendMessage({ role: 'user', content: [{ type: 'text', text: `What should I pack for ${city}?` }] })
    $('status').textContent = 'Message sent to the chat.'
  },
  async fullscreen() {
    const next = $('display').textContent === 'fullscreen' ? 'inline' : 'fullscreen'
    const { mode } = await app.requestDisplayMode({ mode: next })
    $('display').textContent = mode
  },
  async grow() {
    const row = document.createElement('li')
    row.textContent = `Hour ${$('rows').children.length + 1}: 21°C, light wind`
    $('rows').append(row)
  },
  async 'update-context'() {
    await app.updateModelContext({ content: [{ type: 'text', text: `The user looked at ${city}.` }] })
  },
}

const buttons: Record<string, Step> = {
  'call-tool': 'call-tool',
  'open-link': 'open-link',
  'send-message': 'message',
  fullscreen: 'fullscreen',
  grow: 'grow',
}
for (const [id, step] of Object.entries(buttons)) $(id).addEventListener('click', () => void steps[step]())

// The arguments as the model writes them: the city appears letter by letter.
app.ontoolinputpartial = ({ arguments: args = {} }) => {
  if (typeof args.city === 'string') $('city').textContent = `${args.city}…`
  report('tool-input-partial', { arguments: args })
}
app.ontoolinput = ({ arguments: args = {} }) => {
  if (typeof args.city === 'string') city = args.city
  $('city').textContent = city
  report('tool-input', { arguments: args })
  const autoRun = Array.isArray(args.autoRun) ? (args.autoRun as Step[]) : []
  // Run sequentially so the host sees the requests in the order the story names them.
  void autoRun.reduce((done, step) => done.then(() => steps[step]?.()), Promise.resolve())
}
app.ontoolresult = (result) => {
  const text = textOf(result)
  if (text) show(text)
  report('tool-result', { text })
}
app.ontoolcancelled = ({ reason }) => {
  show(`Cancelled${reason ? `: ${reason}` : ''}`)
  report('tool-cancelled', { reason })
}
app.onhostcontextchanged = (ctx) => applyContext(ctx)
app.onteardown = async () => ({})

app
  .connect()
  .then(() => {
    $('status').textContent = `Connected to ${app.getHostVersion()?.name ?? 'the host'}.`
    report('connected', { host: app.getHostVersion()?.name })
    applyContext(app.getHostContext())
  })
  .catch((error: unknown) => {
    $('status').textContent = `Could not connect: ${error instanceof Error ? error.message : String(error)}`
  })
