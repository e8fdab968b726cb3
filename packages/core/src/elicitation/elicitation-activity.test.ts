import { describe, expect, it } from 'vitest'
import { ELICITATION_ACTIVITY_TYPE, isElicitationActivity, isElicitationRequestData } from './elicitation-activity'

const data = {
  elicitationId: 'el_1',
  message: 'Your name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
  mode: 'form',
  status: 'pending',
}

describe('isElicitationActivity', () => {
  it('accepts the snapshot event and the activity message it leaves in agent.messages', () => {
    const event = { type: 'ACTIVITY_SNAPSHOT', messageId: 'el_1', activityType: ELICITATION_ACTIVITY_TYPE, content: data, replace: true }
    const message = { id: 'el_1', role: 'activity', activityType: ELICITATION_ACTIVITY_TYPE, content: data }
    expect(isElicitationActivity(event)).toBe(true)
    expect(isElicitationActivity(message)).toBe(true)
  })

  it('refuses other activity types and malformed content', () => {
    expect(isElicitationActivity({ activityType: 'mcp-apps', content: data })).toBe(false)
    expect(isElicitationActivity({ activityType: ELICITATION_ACTIVITY_TYPE, content: { ...data, elicitationId: '' } })).toBe(false)
    expect(isElicitationActivity({ activityType: ELICITATION_ACTIVITY_TYPE, content: { ...data, status: 'bogus' } })).toBe(false)
    expect(isElicitationActivity({ activityType: ELICITATION_ACTIVITY_TYPE, content: [data] })).toBe(false)
    expect(isElicitationActivity(null)).toBe(false)
  })
})

describe('isElicitationRequestData', () => {
  it("takes the AI SDK example's three fields alone (no mode, no status)", () => {
    expect(isElicitationRequestData({ elicitationId: 'a', message: 'm', requestedSchema: { type: 'object', properties: {} } })).toBe(true)
  })

  it('refuses an unknown mode or a schema that is not an object', () => {
    expect(isElicitationRequestData({ ...data, mode: 'voice' })).toBe(false)
    expect(isElicitationRequestData({ ...data, requestedSchema: 'x' })).toBe(false)
  })
})
