/** Global Storybook setup: the kit's default stylesheet, a light/dark toolbar, axe as a hard gate. */
import type { Decorator, Preview } from '@storybook/react-vite'
import { preloadElicitation } from '@mcp-hitl/react/elicitation'
import '@mcp-hitl/react/styles.css'
import './preview.css'

/** The two color schemes every story can be seen in. */
export type StoryTheme = 'light' | 'dark'

/**
 * Applies the toolbar's theme to the whole document, not just the story root: dialogs portal into
 * `body`, so the scheme has to reach them too.
 */
const withTheme: Decorator = (Story, context) => {
  const theme: StoryTheme = context.globals.theme === 'dark' ? 'dark' : 'light'
  const root = document.documentElement
  root.dataset.theme = theme
  root.style.colorScheme = theme
  return (
    <div className="story-surface" data-theme={theme}>
      <Story />
    </div>
  )
}

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
    theme: {
      description: 'Color scheme of the host page',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [withTheme],
  // The stories show what the view does on a page that has it; how it loads is tested in the kit.
  loaders: [() => preloadElicitation()],
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // 'error' makes an axe violation fail the story's test run (the addon's default is 'todo', a warning).
    a11y: { test: 'error' },
  },
}

export default preview
