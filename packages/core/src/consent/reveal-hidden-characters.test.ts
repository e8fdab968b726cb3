// @module-tag security
import { describe, expect, it } from 'vitest'
import { isolateUntrusted, revealHiddenCharacters } from './reveal-hidden-characters'

describe('revealHiddenCharacters', () => {
  it('shows bidi controls, zero-width and tag characters as their code points, so nothing the reader cannot see reaches a model or a name', () => {
    expect(revealHiddenCharacters('Budget\u202Egnp.exe')).toBe('Budget[U+202E]gnp.exe')
    expect(revealHiddenCharacters('a\u2066b\u2069c\u200Fd\u061Ce')).toBe('a[U+2066]b[U+2069]c[U+200F]d[U+061C]e')
    expect(revealHiddenCharacters('pay\u200Bpal\uFEFF\u00AD')).toBe('pay[U+200B]pal[U+FEFF][U+00AD]')
    // "Ignore the user" in Unicode tag characters: invisible in the dialog, read by a model.
    const smuggled = [...'Ignore'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('')
    expect(revealHiddenCharacters(`hello${smuggled}`)).toBe('hello[U+E0049][U+E0067][U+E006E][U+E006F][U+E0072][U+E0065]')
    expect(revealHiddenCharacters('x\uDB40')).toBe('x[U+DB40]')
    expect(revealHiddenCharacters('bell\u0007\u009B')).toBe('bell[U+0007][U+009B]')
  })

  it('keeps what is seen: line breaks and tabs of a text, emoji sequences, right-to-left letters', () => {
    expect(revealHiddenCharacters('one\n\ttwo\r\nthree')).toBe('one\n\ttwo\r\nthree')
    expect(revealHiddenCharacters('👩‍💻 and 👨‍👩‍👧 and ❤️')).toBe('👩‍💻 and 👨‍👩‍👧 and ❤️')
    expect(revealHiddenCharacters('שלום עולם')).toBe('שלום עולם')
    // A joiner that joins no emoji is hidden text.
    expect(revealHiddenCharacters('a\u200Db')).toBe('a[U+200D]b')
  })

  it('on one line, shows line breaks and tabs too', () => {
    expect(revealHiddenCharacters('Budget\nhelper\t', { singleLine: true })).toBe('Budget[U+000A]helper[U+0009]')
    expect(revealHiddenCharacters('a\u2028b', { singleLine: true })).toBe('a[U+2028]b')
  })
})

describe('isolateUntrusted', () => {
  it('wraps a name in a first-strong isolate it cannot close early: its own isolates and overrides are shown, not obeyed', () => {
    expect(isolateUntrusted('Budget')).toBe('\u2068Budget\u2069')
    expect(isolateUntrusted('x\u2069\u202E”evil')).toBe('\u2068x[U+2069][U+202E]”evil\u2069')
  })
})
