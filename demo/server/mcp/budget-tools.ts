/**
 * The budget allocator MCP App: `show_budget` (seen by the model) renders it; `save_allocation` and
 * `request_budget_approval` are the app's own (`visibility: ['app']`). The app itself provides a
 * tool the chat's model can drive, `set-allocation`, and asks the host for a download (CSV export)
 * and for the model's help (a suggested split, through sampling). `request_budget_approval` asks the
 * person who approves through elicitation, from a button in the app: the proxy's MCP session of the
 * calling user routes the form to the chat.
 */
import { randomUUID } from 'node:crypto'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { bundleAppHtml } from './bundle-app-html'
import { SERVER_WAIT_MS } from '../elicitation-time'

/** `ui://` URI of the budget app. */
export const BUDGET_URI = 'ui://demo/budget.html'
const MIME = 'text/html;profile=mcp-app'
/** The budget lines, in order. */
export const BUDGET_CATEGORIES = ['travel', 'equipment', 'training', 'events'] as const

type Allocations = Record<(typeof BUDGET_CATEGORIES)[number], number>
interface Budget {
  budgetId: string
  total: number
  allocations: Allocations
  approvedBy?: string
}
const budgets = new Map<string, Budget>()
const MAX_BUDGETS = 1000

const STYLE = `
:root{color-scheme:light;--bg:#ffffff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--bar:#0969da}
[data-theme=dark]{color-scheme:dark;--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--bar:#4493f8}
html,body{margin:0;background:var(--bg);color:var(--fg);font:14px system-ui,sans-serif}
main{padding:12px 14px}h1{font-size:15px;margin:0 0 8px}small,#status{color:var(--muted)}
#lines{display:grid;gap:8px;margin:8px 0}.line{display:grid;grid-template-columns:90px 1fr 64px;gap:8px;align-items:center}
.bar{height:10px;background:var(--line);border-radius:5px;overflow:hidden}.bar>span{display:block;height:100%;background:var(--bar)}
input{width:56px;font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:4px;padding:2px 4px}
#actions{display:flex;gap:6px;flex-wrap:wrap;margin-top:8px}button{font:inherit;padding:4px 10px;border:1px solid var(--line);border-radius:6px;background:transparent;color:var(--fg);cursor:pointer}
#status{min-height:1.2em;margin:6px 0 0}`

let html: Promise<string> | undefined
function budgetHtml(): Promise<string> {
  html ??= bundleAppHtml({
    entry: 'budget-app/budget-app.ts',
    title: 'Budget allocator',
    style: STYLE,
    body: `<main><h1>Budget allocator</h1><small id="total"></small><div id="lines" role="group" aria-label="Budget lines"></div>
<div id="actions"><button type="button" id="export">Export CSV</button><button type="button" id="suggest">Suggest a split</button><button type="button" id="approve">Ask for approval</button></div>
<p id="status" role="status"></p></main>`,
  })
  return html
}

function store(budget: Budget): Budget {
  if (!budgets.has(budget.budgetId) && budgets.size >= MAX_BUDGETS) budgets.delete(budgets.keys().next().value as string)
  budgets.set(budget.budgetId, budget)
  return budget
}

const allocationsSchema = z.object(Object.fromEntries(BUDGET_CATEGORIES.map((c) => [c, z.number().min(0).max(100)])) as Record<keyof Allocations, z.ZodNumber>)

/** Registers the budget resource and its three tools. */
export function registerBudgetTools(server: McpServer): void {
  server.registerResource('budget', BUDGET_URI, { title: 'Budget allocator', mimeType: MIME, _meta: { ui: { prefersBorder: true } } }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: MIME, text: await budgetHtml() }],
  }))

  server.registerTool(
    'show_budget',
    {
      title: 'Show the budget allocator',
      description: 'Shows an interactive budget split across travel, equipment, training and events. The app then offers the tool set-allocation.',
      inputSchema: { total: z.number().positive().default(10_000).describe('Budget in euros') },
      _meta: { ui: { resourceUri: BUDGET_URI, visibility: ['model', 'app'] } },
    },
    async ({ total }) => {
      const budget = store({ budgetId: randomUUID(), total, allocations: { travel: 25, equipment: 25, training: 25, events: 25 } })
      return {
        content: [{ type: 'text', text: `Budget of €${total} split evenly across ${BUDGET_CATEGORIES.join(', ')}.` }],
        structuredContent: { ...budget },
      }
    },
  )

  server.registerTool(
    'save_allocation',
    {
      title: 'Save a budget split',
      description: 'Saves the split. Called by the budget app only.',
      inputSchema: { budgetId: z.string(), allocations: allocationsSchema },
      _meta: { ui: { resourceUri: BUDGET_URI, visibility: ['app'] } },
    },
    async ({ budgetId, allocations }) => {
      const budget = budgets.get(budgetId)
      if (!budget) return { isError: true, content: [{ type: 'text', text: 'No such budget.' }] }
      budget.allocations = allocations
      return { content: [{ type: 'text', text: 'Split saved.' }], structuredContent: { ...budget } }
    },
  )

  server.registerTool(
    'request_budget_approval',
    {
      title: 'Ask for approval',
      description: 'Asks the user who approves the split (an elicitation). Called by the budget app only.',
      inputSchema: { budgetId: z.string() },
      _meta: { ui: { resourceUri: BUDGET_URI, visibility: ['app'] } },
    },
    async ({ budgetId }) => {
      const budget = budgets.get(budgetId)
      if (!budget) return { isError: true, content: [{ type: 'text', text: 'No such budget.' }] }
      const answer = await server.server.elicitInput({
        mode: 'form',
        message: `Who approves this split of €${budget.total}?`,
        requestedSchema: {
          type: 'object',
          properties: {
            approver: { type: 'string', title: 'Approver', minLength: 2, maxLength: 80 },
            note: { type: 'string', title: 'Note for the approver', maxLength: 200 },
          },
          required: ['approver'],
        },
        // A person answers: a little longer than the form's expiry (the broker's), not the SDK's 60 s.
      }, { timeout: SERVER_WAIT_MS })
      if (answer.action !== 'accept' || typeof answer.content?.approver !== 'string') {
        return { content: [{ type: 'text', text: `Approval not requested (${answer.action}).` }], structuredContent: { ...budget } }
      }
      budget.approvedBy = answer.content.approver
      return { content: [{ type: 'text', text: `Sent to ${budget.approvedBy} for approval.` }], structuredContent: { ...budget } }
    },
  )
}
