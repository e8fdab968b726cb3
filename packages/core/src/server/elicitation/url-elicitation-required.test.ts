import { McpError, UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { createElicitationBroker } from './elicitation-broker'
import { createPartRecorder } from '../testing/part-recorder'
import { elicitRequiredUrls, getRequiredUrlElicitations, urlElicitationRequiredError } from './url-elicitation-required'

const STEP = { mode: 'url' as const, message: 'Log in', elicitationId: 'e1', url: 'https://login.example.com/' }

describe('URL elicitation required (-32042)', () => {
  it('builds the JSON-RPC error the SDK client turns back into UrlElicitationRequiredError', () => {
    const error = urlElicitationRequiredError([STEP])
    expect(error).toMatchObject({ code: -32042, data: { elicitations: [STEP] } })
    const revived = McpError.fromError(error.code, error.message, error.data)
    expect(revived).toBeInstanceOf(UrlElicitationRequiredError)
    expect(getRequiredUrlElicitations(revived)).toEqual([STEP])
  })

  it('reads the elicitations from an error or its cause, skips malformed ones, ignores other errors', () => {
    const wrapped = new Error('tool call failed', { cause: { code: -32042, data: { elicitations: [STEP, { mode: 'url' }] } } })
    expect(getRequiredUrlElicitations(wrapped)).toEqual([STEP])
    expect(getRequiredUrlElicitations(new McpError(-32602, 'bad'))).toBeUndefined()
    expect(getRequiredUrlElicitations('nope')).toBeUndefined()
  })

  it('stops at the first step the user declines', async () => {
    const broker = createElicitationBroker()
    const rec = createPartRecorder()
    const error = new UrlElicitationRequiredError([STEP, { ...STEP, elicitationId: 'e2' }])
    const answers = elicitRequiredUrls(broker, error, { sessionId: 's1', emit: rec.emit })
    const first = await rec.next((p) => p.data.status === 'pending')
    await broker.respond({ id: first.id, action: 'decline' }, 's1')
    await expect(answers).resolves.toEqual([{ action: 'decline' }])
    expect(rec.parts.filter((p) => p.data.status === 'pending')).toHaveLength(1)
    await expect(elicitRequiredUrls(broker, new Error('other'), { sessionId: 's1' })).resolves.toBeUndefined()
    await broker.close()
  })
})
