import { describe, expect, it } from 'vitest'
import { readElicitationIdentity } from './elicitation-identity'
import { revealHiddenCharacters } from '../consent/reveal-hidden-characters'

describe('readElicitationIdentity', () => {
  it('the host’s title is the name; a different server name is its claim', () => {
    expect(readElicitationIdentity({ serverName: 'Weather', serverTitle: 'Weather', serverClaimedName: 'Acme Chat' })).toEqual({
      hostName: 'Weather',
      claimedName: 'Acme Chat',
    })
  })

  it('a name the kit took from the server is a claim only', () => {
    expect(readElicitationIdentity({ serverName: 'Acme Chat', serverClaimedName: 'Acme Chat' })).toEqual({ claimedName: 'Acme Chat' })
  })

  it('a name set by a backend without the markers is taken as the host’s', () => {
    expect(readElicitationIdentity({ serverName: 'Acme Support' })).toEqual({ hostName: 'Acme Support' })
  })

  it('no claim when the server calls itself what the host calls it', () => {
    expect(readElicitationIdentity({ serverName: 'Weather', serverTitle: 'Weather', serverClaimedName: 'Weather' })).toEqual({ hostName: 'Weather' })
  })

  it('drops what is malformed: non-strings, unsafe icons, a raisedBy without a tool', () => {
    expect(readElicitationIdentity({ serverTitle: 42, serverClaimedName: ['x'], serverIcon: 'javascript:alert(1)', raisedBy: { toolTitle: 'x' } })).toEqual({})
    expect(readElicitationIdentity(null)).toEqual({})
  })
})

describe('readElicitationIdentity: raisedBy from the network', () => {
  it('shows at most three arguments, never a value marked hidden, and cuts long text', () => {
    const { raisedBy } = readElicitationIdentity({
      raisedBy: {
        toolName: 'sign_in',
        arguments: [{ name: 'a', value: 'x'.repeat(500) }, { name: 'token', value: 'leak', hidden: true }, { name: 'b', value: 1 }, { name: 'c', value: 'd' }],
        moreArguments: 2,
        app: { resourceUri: 'javascript:alert(1)', title: 'X' },
      },
    })
    expect(raisedBy?.arguments).toEqual([{ name: 'a', value: `${'x'.repeat(119)}…` }, { name: 'token', hidden: true }, { name: 'b', hidden: true }])
    expect(raisedBy?.moreArguments).toBe(3)
    expect(raisedBy).not.toHaveProperty('app')
  })
})

describe('revealHiddenCharacters on a quoted name', () => {
  it('shows bidi overrides, isolates, zero-width and control characters as marks', () => {
    expect(revealHiddenCharacters('Acme\u202Etahc\u2066x\u200By\u0007\nz', { singleLine: true })).toBe('Acme[U+202E]tahc[U+2066]x[U+200B]y[U+0007][U+000A]z')
    expect(revealHiddenCharacters('Wetter · Météo 天気 🌦', { singleLine: true })).toBe('Wetter · Météo 天気 🌦')
  })
})
