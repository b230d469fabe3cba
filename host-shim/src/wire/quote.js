// Go's strconv.Quote, which the plugin's model-facing texts quote a title with
// (plugin/tool.Opened), for the text the shim writes when it does not hold the plugin's own:
// printable characters as they are, `"` and `\` escaped, \a \b \f \n \r \t \v, other ASCII
// controls and DEL as \xNN, any other character that is not printable (Go's unicode.IsPrint:
// categories C and Z but the ASCII space) as \uNNNN or \UNNNNNNNN. Held to Go by
// tests/conformance/texts.

const SHORT = Object.freeze({ '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v' })
const NOT_PRINTABLE = /^[\p{C}\p{Z}]$/u
const hex = (n, width) => n.toString(16).padStart(width, '0')

/**
 * @param {string} s
 * @returns {string}
 */
export function goQuote (s) {
  let out = '"'
  for (const ch of s) {
    const c = ch.codePointAt(0)
    if (ch === '"' || ch === '\\') out += '\\' + ch
    else if (c >= 0x20 && c < 0x7f) out += ch
    else if (SHORT[ch]) out += SHORT[ch]
    else if (c < 0x20 || c === 0x7f) out += '\\x' + hex(c, 2)
    else if (c >= 0xd800 && c <= 0xdfff) out += '\ufffd' // a lone surrogate: Go's strings hold U+FFFD
    else if (NOT_PRINTABLE.test(ch)) out += c < 0x10000 ? '\\u' + hex(c, 4) : '\\U' + hex(c, 8)
    else out += ch
  }
  return out + '"'
}
