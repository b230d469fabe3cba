package markdown

import "bytes"

// allowedPrefixes are the only destinations a link may keep, compared
// case-insensitively against the start of the destination after the parser
// has resolved entities and backslash escapes. Anything else (other
// schemes, relative and protocol-relative URLs, leading spaces or control
// characters) is refused, so no spelling of "javascript:" can pass.
var allowedPrefixes = [][]byte{
	[]byte("https://"),
	[]byte("http://"),
	[]byte("mailto:"),
}

// allowedURL reports whether a link destination may become an href.
func allowedURL(dest []byte) bool {
	for _, p := range allowedPrefixes {
		if len(dest) > len(p) && bytes.EqualFold(dest[:len(p)], p) {
			return true
		}
	}
	return false
}
