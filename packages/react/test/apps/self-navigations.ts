/**
 * The ways an app navigates its own frame, shared by the Chromium suite (navigation.browser.test.tsx)
 * and the cross-browser one.
 */

/** Each way an app can replace its own document: `go(url)` is the script that does it. */
export const SELF_NAVIGATIONS: { name: string; go: (url: string) => string }[] = [
  { name: 'location assignment', go: (url) => `location.href = ${JSON.stringify(url)};` },
  {
    name: '<meta http-equiv="refresh">',
    go: (url) => `const m = document.createElement('meta'); m.httpEquiv = 'refresh'; m.content = '0;url=' + ${JSON.stringify(url)}; document.head.appendChild(m);`,
  },
  { name: 'a link click', go: (url) => `const a = document.createElement('a'); a.href = ${JSON.stringify(url)}; document.body.appendChild(a); a.click();` },
  { name: "window.open(url, '_self')", go: (url) => `window.open(${JSON.stringify(url)}, '_self');` },
]
