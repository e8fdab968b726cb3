/**
 * Which of an MCP server's `icons` (2025-11-25 `serverInfo.icons`: `{ src, mimeType?, sizes?, theme? }`)
 * the kit may show beside its name. Deny by default: only an https URL without credentials or a
 * `data:` URL of a raster or SVG image, each of bounded length; every other scheme (http, javascript,
 * blob, file, relative paths...) is refused. The view renders it in an `<img>` with no referrer, where
 * an SVG cannot run scripts.
 */
import { isRecord } from '../guards'

/** Longest icon `src` accepted, in UTF-16 code units: an https URL or a small inline image. */
export const MAX_SERVER_ICON_SRC_LENGTH = 16_384

// Image types a browser decodes in an <img>; an SVG there is a static picture.
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif|svg\+xml|x-icon|vnd\.microsoft\.icon)(?:;[a-z0-9=.+-]+)*(?:;base64)?,/i

/** True for an icon `src` the kit shows: https (no credentials) or a data: image URL, within the length bound. */
export function isSafeServerIconSrc(src: unknown): src is string {
  if (typeof src !== 'string' || src.length === 0 || src.length > MAX_SERVER_ICON_SRC_LENGTH) return false
  if (src.slice(0, 5).toLowerCase() === 'data:') return DATA_IMAGE.test(src)
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return false
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname !== ''
}

/** The icon to show for a server: the first safe one without a theme, else the first safe one; undefined if none. */
export function pickServerIcon(icons: unknown): string | undefined {
  if (!Array.isArray(icons)) return undefined
  const safe = icons.filter((icon) => isRecord(icon) && isSafeServerIconSrc(icon.src)) as { src: string; theme?: unknown }[]
  return (safe.find((icon) => icon.theme === undefined) ?? safe[0])?.src
}
