/**
 * Makes a server's text safe to quote inline: control, bidirectional-override and invisible
 * formatting characters become visible `[U+202E]` marks, so a name cannot reverse the host's
 * sentence around it, hide part of itself or break a line. The page also isolates the quote
 * (`<bdi>`), which keeps its direction from leaking into the host's words.
 */

// C0 and C1 controls, the bidi embeddings, overrides, isolates and marks, zero-width and other
// invisible format characters (word joiner, BOM, soft hyphen, Mongolian vowel separator, tags).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g

/** `text` with each hidden or direction-changing character shown as `[U+XXXX]`. */
export function showControlCharacters(text: string): string {
  return text.replace(HIDDEN, (char) => `[U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`)
}
