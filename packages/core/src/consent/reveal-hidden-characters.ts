/**
 * Text an app or a server wrote, made safe to show: every character that changes how text reads
 * without being seen (bidi overrides, isolates and marks, zero-width characters, Unicode tag
 * characters, controls, lone surrogates) is shown as its code point, `[U+202E]`. A name can then
 * not reverse itself or the host's words around it, and a prompt cannot carry instructions the
 * person does not see but a model reads.
 */

// Each range is invisible or reorders text: C0 and C1 controls; the soft hyphen; the Arabic letter
// mark; Hangul and Khmer fillers; the Mongolian vowel separator; zero-width space, non-joiner and
// the directional marks; line and paragraph separators; embeddings, overrides and isolates; word
// joiner and invisible operators; the deprecated format characters; the byte order mark;
// interlinear annotation marks; tag characters and the supplementary variation selectors (both used
// to smuggle text to models); lone surrogates; and, as alternatives since they combine with what
// precedes them, the combining grapheme joiner and the Mongolian variation selectors.
const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is revealed
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]|\u034f|\u180b|\u180c|\u180d|\u180f|[\u{e0000}-\u{e007f}]|[\u{e0100}-\u{e01ef}]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu
// A zero-width joiner is seen only as part of an emoji sequence (👩‍💻); anywhere else it hides text.
const LONE_JOINER = /(?<!\p{Extended_Pictographic}[\u{fe0f}\u{1f3fb}-\u{1f3ff}]?)\u200d|\u200d(?!\p{Extended_Pictographic})/gu
// Characters that break a line: visible as layout in a text, hidden structure in a one-line name.
const LINE_BREAKS = /[\t\n\r]/g

/** Options of {@link revealHiddenCharacters}. */
export interface RevealOptions {
  /** The text is a name shown within a line: tabs and line breaks are revealed too. Default false. */
  singleLine?: boolean
}

const codePoint = (char: string) => `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`

/** `text` with every hidden or reordering character shown as `[U+XXXX]` (see the module comment). */
export function revealHiddenCharacters(text: string, options: RevealOptions = {}): string {
  const revealed = text.replace(HIDDEN, codePoint).replace(LONE_JOINER, codePoint)
  return options.singleLine ? revealed.replace(LINE_BREAKS, codePoint) : revealed
}

/**
 * An untrusted name ready to sit in a host sentence (a label string, an accessible name): one line,
 * hidden characters revealed, wrapped in U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL
 * ISOLATE, as `<bdi>` would. Its own isolates are revealed first, so it cannot close the isolate
 * early, and its direction never reorders the host's words or the quotes drawn around it.
 */
export function isolateUntrusted(text: string): string {
  return `\u2068${revealHiddenCharacters(text, { singleLine: true })}\u2069`
}
