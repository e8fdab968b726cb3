import type { Meta, StoryObj } from '@storybook/react-vite'
import { at } from '../support/viewports'
import { playThemed, ThemeStory, type ThemeStoryProps, themeParameters } from './theme-parts'

const meta = {
  title: 'Themes/Native',
  component: ThemeStory,
  args: { theme: 'native', part: 'dialog' },
  play: playThemed,
  parameters: themeParameters(
    'native',
    'A plain native look: the system font, the browser’s own surface and field colours (Canvas, Field) and its grey ' +
      'field border, light and dark by the same host signals as the kit.',
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
