import { describe, expect, it } from 'vitest'
import { INVALID_PARAMS, JsonRpcError, parseJsonRpc } from './json-rpc'

describe('JsonRpcError', () => {
  it('is an Error carrying the JSON-RPC code, message and data, and serialises to the wire object', () => {
    const error = new JsonRpcError(INVALID_PARAMS, 'Invalid params: name must be a string', { field: 'name' })
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('JsonRpcError')
    expect(error.stack).toContain('JsonRpcError')
    expect(error.toJSON()).toEqual({ code: -32602, message: 'Invalid params: name must be a string', data: { field: 'name' } })
    expect(new JsonRpcError(-32601, 'Method not found: x').toJSON()).toEqual({ code: -32601, message: 'Method not found: x' })
  })
})

describe('parseJsonRpc', () => {
  it('classifies requests, notifications and responses, and ignores the rest', () => {
    expect(parseJsonRpc({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({ kind: 'request', id: 1, method: 'ping', params: {} })
    expect(parseJsonRpc({ jsonrpc: '2.0', method: 'n', params: { a: 1 } })).toEqual({ kind: 'notification', method: 'n', params: { a: 1 } })
    expect(parseJsonRpc({ jsonrpc: '2.0', id: 'x', result: {} })).toEqual({ kind: 'response', id: 'x', result: {} })
    expect(parseJsonRpc({ jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'no', data: 'x' } })).toEqual({
      kind: 'response',
      id: 2,
      error: { code: -32601, message: 'no' },
    })
    expect(parseJsonRpc({ jsonrpc: '2.0', id: 3, error: 'broken' })).toEqual({ kind: 'response', id: 3, error: { code: -32603, message: 'Request failed' } })
    for (const junk of [null, 'x', [], { jsonrpc: '1.0', method: 'm' }, { jsonrpc: '2.0', id: {}, method: 'm' }, { jsonrpc: '2.0', id: 1 }]) {
      expect(parseJsonRpc(junk)).toBeUndefined()
    }
  })
})
