/**
 * Loads an optional peer dependency on first use. The specifier is a value, not a literal, and the
 * import carries the bundlers' ignore comments: a bundler (Next.js, Vite SSR, esbuild) would otherwise
 * try to resolve every optional peer the kit can use at build time, and fail the build of an app that
 * never installed one it does not use. At run time Node resolves it as usual.
 */
export function importOptionalPeer<Module>(specifier: string): Promise<Module> {
  return import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ specifier) as Promise<Module>
}
