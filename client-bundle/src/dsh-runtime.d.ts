// The one function of the page's @deepseek-ai/dsh-client-runtime/client the bundle uses (the page
// preloads the module for client bundles; its types are not installed here): dsh's declaration
// of a store, whose handle a slot entry's `store` seat takes.
declare module '@deepseek-ai/dsh-client-runtime/client' {
  export function defineStore<T, A extends Record<string, (draft: T, ...args: never[]) => void>>(decl: { init: () => T; persist?: string; actions: A }): unknown
}
