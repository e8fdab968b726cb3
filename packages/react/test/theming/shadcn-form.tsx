/**
 * A real shadcn/ui form to hold the kit's shadcn theme against: Card, Label, Input and Button with
 * shadcn's own class lists (new-york v4) and its neutral CSS variables, compiled by Tailwind v4 in
 * the page, preflight included, as a shadcn app ships it.
 */
import type { ComponentProps } from 'react'
import { compile } from 'tailwindcss'
import tailwindIndex from 'tailwindcss/index.css?raw'
import tailwindPreflight from 'tailwindcss/preflight.css?raw'
import tailwindTheme from 'tailwindcss/theme.css?raw'
import tailwindUtilities from 'tailwindcss/utilities.css?raw'

// The class lists of shadcn's components (apps/v4/registry/new-york-v4/ui), the variants used here.
const BUTTON =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-all outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 h-9 px-4 py-2'
const BUTTON_VARIANT = {
  default: 'bg-primary text-primary-foreground hover:bg-primary/90',
  outline: 'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50',
} as const
const INPUT =
  'h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs transition-[color,box-shadow] outline-none selection:bg-primary selection:text-primary-foreground placeholder:text-muted-foreground disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50'
const LABEL = 'flex items-center gap-2 text-sm leading-none font-medium select-none'
const CARD = 'flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm'
const CARD_HEADER = 'grid auto-rows-min grid-rows-[auto_auto] items-start gap-2 px-6'
const CARD_TITLE = 'leading-none font-semibold'
const CARD_DESCRIPTION = 'text-sm text-muted-foreground'
const CARD_CONTENT = 'px-6'
const CARD_FOOTER = 'flex items-center px-6'
// The layout of the form inside the card (the page's own classes, as in shadcn's examples).
const LAYOUT = 'grid gap-2 gap-3 justify-end w-full'

// shadcn's neutral theme and the globals `shadcn init` writes for Tailwind v4.
const SHADCN_GLOBALS = `
@import "tailwindcss";
@custom-variant dark (&:is(.dark *));
:root {
  --radius: 0.625rem;
  --background: oklch(1 0 0); --foreground: oklch(0.145 0 0);
  --card: oklch(1 0 0); --card-foreground: oklch(0.145 0 0);
  --primary: oklch(0.205 0 0); --primary-foreground: oklch(0.985 0 0);
  --muted: oklch(0.97 0 0); --muted-foreground: oklch(0.556 0 0);
  --accent: oklch(0.97 0 0); --accent-foreground: oklch(0.205 0 0);
  --destructive: oklch(0.577 0.245 27.325);
  --border: oklch(0.922 0 0); --input: oklch(0.922 0 0); --ring: oklch(0.708 0 0);
}
.dark {
  --background: oklch(0.145 0 0); --foreground: oklch(0.985 0 0);
  --card: oklch(0.205 0 0); --card-foreground: oklch(0.985 0 0);
  --primary: oklch(0.922 0 0); --primary-foreground: oklch(0.205 0 0);
  --muted: oklch(0.269 0 0); --muted-foreground: oklch(0.708 0 0);
  --accent: oklch(0.269 0 0); --accent-foreground: oklch(0.985 0 0);
  --destructive: oklch(0.704 0.191 22.216);
  --border: oklch(1 0 0 / 10%); --input: oklch(1 0 0 / 15%); --ring: oklch(0.556 0 0);
}
@theme inline {
  --radius-sm: calc(var(--radius) * 0.6);
  --radius-md: calc(var(--radius) * 0.8);
  --radius-lg: var(--radius);
  --radius-xl: calc(var(--radius) * 1.4);
  --color-background: var(--background); --color-foreground: var(--foreground);
  --color-card: var(--card); --color-card-foreground: var(--card-foreground);
  --color-primary: var(--primary); --color-primary-foreground: var(--primary-foreground);
  --color-muted: var(--muted); --color-muted-foreground: var(--muted-foreground);
  --color-accent: var(--accent); --color-accent-foreground: var(--accent-foreground);
  --color-destructive: var(--destructive);
  --color-border: var(--border); --color-input: var(--input); --color-ring: var(--ring);
}
@layer base {
  * { @apply border-border outline-ring/50; }
  body { @apply bg-background text-foreground; }
}
`

const SOURCES: Record<string, string> = {
  tailwindcss: tailwindIndex,
  './theme.css': tailwindTheme,
  './preflight.css': tailwindPreflight,
  './utilities.css': tailwindUtilities,
}

/** The stylesheet of the page: Tailwind's build of exactly the classes above. */
export async function shadcnStylesheet(): Promise<string> {
  const compiler = await compile(SHADCN_GLOBALS, {
    base: '/',
    loadStylesheet: async (id, base) => {
      const content = SOURCES[id]
      if (content === undefined) throw new Error(`shadcn form: no stylesheet "${id}"`)
      return { path: id, base, content }
    },
  })
  const lists = [BUTTON, ...Object.values(BUTTON_VARIANT), INPUT, LABEL, CARD, CARD_HEADER, CARD_TITLE, CARD_DESCRIPTION, CARD_CONTENT, CARD_FOOTER, LAYOUT]
  return compiler.build(lists.flatMap((list) => list.split(/\s+/)))
}

const cn = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(' ')

export function Button({ variant = 'default', className, ...props }: ComponentProps<'button'> & { variant?: keyof typeof BUTTON_VARIANT }) {
  return <button data-slot="button" data-variant={variant} className={cn(BUTTON, BUTTON_VARIANT[variant], className)} {...props} />
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" className={cn(INPUT, className)} {...props} />
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: the caller passes htmlFor, as with shadcn's Label.
  return <label data-slot="label" className={cn(LABEL, className)} {...props} />
}

/** A shadcn card with a one-field form, its Cancel (outline) and primary buttons. */
export function ShadcnForm() {
  return (
    <div data-slot="card" className={CARD}>
      <div data-slot="card-header" className={CARD_HEADER}>
        <div data-slot="card-title" className={CARD_TITLE}>
          Create project
        </div>
        <div data-slot="card-description" className={CARD_DESCRIPTION}>
          Deploy your new project in one click.
        </div>
      </div>
      <div data-slot="card-content" className={CARD_CONTENT}>
        <div className="grid gap-3">
          <Label htmlFor="shadcn-name">Name</Label>
          <Input id="shadcn-name" placeholder="Name of your project" />
        </div>
      </div>
      <div data-slot="card-footer" className={cn(CARD_FOOTER, 'justify-end gap-2')}>
        <Button variant="outline">Cancel</Button>
        <Button>Deploy</Button>
      </div>
    </div>
  )
}
