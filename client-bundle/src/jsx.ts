// The JSX factory of the built bundle (build.mjs compiles JSX to React's classic calls and
// injects these where an element is written): the page's own createElement and Fragment.
// Fragment comes from the page's jsx-runtime, the same object as React's.
export { createElement } from 'react'
export { Fragment } from 'react/jsx-runtime'
