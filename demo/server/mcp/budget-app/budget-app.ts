/**
 * The budget allocator MCP App, on the real ext-apps `App` class. It shows the split, saves edits
 * through the app-only `save_allocation` server tool, and offers the host (and so the chat's model)
 * two tools of its own: `set-allocation` and `get-allocations`. Its buttons ask the host to save a
 * CSV (`downloadFile`), ask the host's model for a split (`createSamplingMessage`, when the host
 * offers sampling) and ask the server for approval (a server tool that elicits).
 */
import { App } from '@modelcontextprotocol/ext-apps'
import { connectDemoApp } from '../connect-demo-app'

const CATEGORIES = ['travel', 'equipment', 'training', 'events'] as const
type Category = (typeof CATEGORIES)[number]
type Allocations = Record<Category, number>
interface Budget {
  budgetId: string
  total: number
  allocations: Allocations
  approvedBy?: string
}

const app = new App({ name: 'Budget allocator', version: '1.0.0' }, { tools: { listChanged: false } }, { autoResize: true })
const lines = document.getElementById('lines') as HTMLElement
const status = document.getElementById('status') as HTMLElement
let budget: Budget | undefined

function isBudget(value: unknown): value is Budget {
  return typeof value === 'object' && value !== null && typeof (value as Budget).budgetId === 'string'
}

function render(): void {
  lines.replaceChildren()
  if (!budget) return
  document.getElementById('total')!.textContent = `€${budget.total}${budget.approvedBy ? ` · approval: ${budget.approvedBy}` : ''}`
  for (const category of CATEGORIES) {
    const percent = budget.allocations[category]
    const row = document.createElement('div')
    row.className = 'line'
    row.dataset.category = category
    const label = document.createElement('label')
    label.textContent = category
    label.htmlFor = `in-${category}`
    const bar = document.createElement('div')
    bar.className = 'bar'
    const fill = document.createElement('span')
    fill.style.width = `${percent}%`
    bar.append(fill)
    const input = document.createElement('input')
    input.id = `in-${category}`
    input.type = 'number'
    input.min = '0'
    input.max = '100'
    input.value = String(percent)
    input.addEventListener('change', () => void setAllocation(category, Number(input.value)))
    row.append(label, bar, input)
    lines.append(row)
  }
}

// Sets one line and spreads the difference over the others, so the split stays at 100%.
function rebalance(allocations: Allocations, category: Category, percent: number): Allocations {
  const next = { ...allocations, [category]: percent }
  const others = CATEGORIES.filter((c) => c !== category)
  const rest = 100 - percent
  const before = others.reduce((sum, c) => sum + allocations[c], 0)
  let given = 0
  others.forEach((c, i) => {
    const share = i === others.length - 1 ? rest - given : Math.round(before > 0 ? (allocations[c] / before) * rest : rest / others.length)
    next[c] = share
    given += share
  })
  return next
}

async function save(allocations: Allocations): Promise<Budget> {
  if (!budget) throw new Error('no budget yet')
  const result = await app.callServerTool({ name: 'save_allocation', arguments: { budgetId: budget.budgetId, allocations } })
  if (result.isError || !isBudget(result.structuredContent)) throw new Error('the server refused the split')
  budget = result.structuredContent
  render()
  return budget
}

async function setAllocation(category: Category, percent: number): Promise<Budget> {
  if (!budget) throw new Error('no budget yet')
  const clamped = Math.max(0, Math.min(100, Math.round(percent)))
  const saved = await save(rebalance(budget.allocations, category, clamped))
  status.textContent = `${category} set to ${clamped}%.`
  return saved
}

const summary = (b: Budget) => CATEGORIES.map((c) => `${c} ${b.allocations[c]}%`).join(', ')

// The app's own tools, for the host to offer its model.
const TOOLS = [
    {
      name: 'set-allocation',
      description: 'Sets the share of one budget line in percent; the other lines are rebalanced so the split stays at 100%.',
      inputSchema: {
        type: 'object' as const,
        properties: { category: { type: 'string', enum: [...CATEGORIES] }, percent: { type: 'number', minimum: 0, maximum: 100 } },
        required: ['category', 'percent'],
      },
    },
  { name: 'get-allocations', description: 'The current split of the budget, in percent.', inputSchema: { type: 'object' as const } },
]
app.onlisttools = async () => ({ tools: TOOLS })
app.oncalltool = async (params) => {
  const args = (params.arguments ?? {}) as { category?: unknown; percent?: unknown }
  try {
    if (params.name === 'get-allocations') {
      if (!budget) throw new Error('no budget yet')
      return { content: [{ type: 'text', text: summary(budget) }], structuredContent: { ...budget.allocations } }
    }
    if (params.name === 'set-allocation') {
      if (!CATEGORIES.includes(args.category as Category) || typeof args.percent !== 'number') throw new Error('category and percent are required')
      const saved = await setAllocation(args.category as Category, args.percent)
      return { content: [{ type: 'text', text: `New split: ${summary(saved)}.` }], structuredContent: { ...saved.allocations } }
    }
    return { isError: true, content: [{ type: 'text', text: `Unknown tool ${params.name}` }] }
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }] }
  }
}

document.getElementById('export')!.addEventListener('click', async () => {
  if (!budget) return
  const csv = `category,percent,euros\n${CATEGORIES.map((c) => `${c},${budget!.allocations[c]},${(budget!.total * budget!.allocations[c]) / 100}`).join('\n')}\n`
  const { isError } = await app.downloadFile({ contents: [{ type: 'resource', resource: { uri: 'file:///budget.csv', mimeType: 'text/csv', text: csv } }] })
  status.textContent = isError ? 'Export not saved.' : 'Exported budget.csv.'
})

document.getElementById('suggest')!.addEventListener('click', async () => {
  if (!budget) return
  if (!app.getHostCapabilities()?.sampling) {
    status.textContent = 'This host offers no model to ask.'
    return
  }
  status.textContent = 'Asking the host’s model…'
  try {
    const result = await app.createSamplingMessage({
      messages: [{ role: 'user', content: { type: 'text', text: `Suggest a split of €${budget.total} across ${CATEGORIES.join(', ')} for a small team. Now: ${summary(budget)}.` } }],
      systemPrompt: 'Answer in one short sentence.',
      maxTokens: 120,
    })
    const content = Array.isArray(result.content) ? result.content[0] : result.content
    status.textContent = content?.type === 'text' ? `Suggestion: ${content.text}` : 'The model answered without text.'
  } catch (error) {
    status.textContent = `No suggestion: ${error instanceof Error ? error.message : String(error)}`
  }
})

document.getElementById('approve')!.addEventListener('click', async () => {
  if (!budget) return
  status.textContent = 'Waiting for the approver’s name in the chat…'
  try {
    // A person answers in the chat: wait as long as the host does, not the SDK's 60 s.
    const result = await app.callServerTool({ name: 'request_budget_approval', arguments: { budgetId: budget.budgetId } }, { timeout: 600_000 })
    if (isBudget(result.structuredContent)) budget = result.structuredContent
    const text = result.content.find((c) => c.type === 'text')
    status.textContent = text && 'text' in text ? text.text : 'Done.'
    render()
  } catch (error) {
    status.textContent = `Approval failed: ${error instanceof Error ? error.message : String(error)}`
  }
})

app.ontoolresult = (result) => {
  if (isBudget(result.structuredContent)) {
    budget = result.structuredContent
    render()
  }
}
connectDemoApp(app, status)
