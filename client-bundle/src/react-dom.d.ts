// The one function of the page's react-dom the bundle uses (no @types/react-dom is installed).
declare module 'react-dom' {
  export function flushSync<R>(fn: () => R): R
}
