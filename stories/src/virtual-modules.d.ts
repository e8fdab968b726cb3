/** The demo MCP App's HTML, bundled at dev/build time by `.storybook/demo-app-plugin.ts`. */
declare module 'virtual:mcp-demo-app' {
  const html: string
  export default html
}

/** Vite's `?inline` CSS import: the stylesheet's text. */
declare module '*.css?inline' {
  const css: string
  export default css
}

/** Plain CSS side-effect imports, handled by Vite. */
declare module '*.css'
