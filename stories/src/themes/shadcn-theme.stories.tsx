import type { Meta, StoryObj } from '@storybook/react-vite'
import { at } from '../support/viewports'
import { playThemed, ThemeStory, type ThemeStoryProps, themeParameters } from './theme-parts'

const meta = {
  title: 'Themes/shadcn',
  component: ThemeStory,
  args: { theme: 'shadcn', part: 'dialog' },
  play: playThemed,
  parameters: themeParameters(
    'shadcn',
    'The kit in shadcn/ui’s look (new-york, neutral): 15 documented variables, light and dark by the same host signals as ' +
      'the kit (shadcn’s `class="dark"` included). The font stays the page’s, as in a shadcn app.',
  ),
} satisfies Meta<ThemeStoryProps>

export default meta
type Story = StoryObj<typeof meta>

export const Dialog: Story = {}
export const InlineForm: Story = { args: { part: 'inline-form' } }
export const UrlConsent: Story = { args: { part: 'url-consent' } }
export const Records: Story = { args: { part: 'records' } }
export const AppFrame: Story = { args: { part: 'app-frame' } }
export const Sampling: Story = { args: { part: 'sampling' } }
export const Download: Story = { args: { part: 'download' } }
export const DialogPhoneDark = at(Dialog, 'phone', 'dark')
export const InlineFormDesktopDark = at(InlineForm, 'desktop', 'dark')
