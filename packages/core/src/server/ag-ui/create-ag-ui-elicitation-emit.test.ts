import { describe, expect, it } from 'vitest'
import { toElicitationDataPart } from '../elicitation/elicitation-data'
import type { ElicitationRequestData } from '../../elicitation/wire'
import { createAgUiElicitationEmit } from './create-ag-ui-elicitation-emit'

const data: ElicitationRequestData = {
  elicitationId: 'el_7',
  message: 'Pick a color',
  requestedSchema: { type: 'object', properties: { color: { type: 'string', enum: ['r', 'g'] } } },
  mode: 'form',
  status: 'pending',
}

describe('createAgUiElicitationEmit', () => {
  it('writes each part the broker emits as the same data in an ACTIVITY_SNAPSHOT under the elicitation id', () => {
    const events: unknown[] = []
    const emit = createAgUiElicitationEmit({ next: (event) => events.push(event) })
    emit(toElicitationDataPart(data))
    emit(toElicitationDataPart({ ...data, status: 'accepted', response: { action: 'accept', content: { color: 'g' } } }))
    expect(events).toEqual([
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'el_7', activityType: 'mcp-hitl-elicitation', content: data, replace: true },
      {
        type: 'ACTIVITY_SNAPSHOT',
        messageId: 'el_7',
        activityType: 'mcp-hitl-elicitation',
        content: { ...data, status: 'accepted', response: { action: 'accept', content: { color: 'g' } } },
        replace: true,
      },
    ])
  })
})
