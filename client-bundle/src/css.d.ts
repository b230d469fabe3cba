// build.mjs loads .css files as their minified text.
declare module '*.css' {
  const text: string
  export default text
}
