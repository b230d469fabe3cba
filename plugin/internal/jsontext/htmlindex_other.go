//go:build !amd64 || purego

package jsontext

// wideHTMLIndex is false on this architecture (or with the purego tag):
// NeedsHTMLEscape uses bytes.IndexByte, vectorised everywhere, instead.
const wideHTMLIndex = false

// htmlBlocks is never called here (htmlIndex asks wideHTMLIndex first).
func htmlBlocks([]byte) int { return 0 }
