/**
 * The sizes and schemes every consent surface is reviewed at: a laptop (1280x800) and a phone
 * (390x844), light and dark. Under Vitest, `@storybook/addon-vitest` sizes the page to the story's
 * `globals.viewport` before it renders.
 */
import type { StoryTheme } from '../../.storybook/preview'

/** `parameters.viewport.options` of a story file that uses {@link at}. */
export const REVIEW_VIEWPORTS = {
  desktop: { name: 'Laptop 1280x800', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
  phone: { name: 'Phone 390x844', styles: { width: '390px', height: '844px' }, type: 'mobile' },
} as const

/** One of {@link REVIEW_VIEWPORTS}. */
export type ReviewViewport = keyof typeof REVIEW_VIEWPORTS

/** The story at a size and in a scheme: the same play function, other globals. */
export function at<S extends { globals?: Record<string, unknown> }>(story: S, viewport: ReviewViewport, theme: StoryTheme): S {
  return { ...story, globals: { ...story.globals, theme, viewport: { value: viewport, isRotated: false } } }
}
