//go:build !purego

package jsontext

// wideHTMLIndex tells whether htmlBlocks can run here: it needs AVX2.
var wideHTMLIndex = hasAVX2

// htmlBlocks returns the index of the first <, >, & or 0xe2 in the whole
// blocks of 32 bytes of b, or the length of those blocks (len(b) rounded
// down to 32) when they hold none. Written in assembly (htmlindex_amd64.s,
// AVX2); call it only when wideHTMLIndex is true.
//
//go:noescape
func htmlBlocks(b []byte) int
