//go:build !purego

package jsontext

// htmlBlocks returns the index of the first <, >, & or 0xe2 in the whole
// blocks of 32 bytes of b, or the length of those blocks (len(b) rounded
// down to 32) when they hold none. Written in assembly (htmlindex_amd64.s,
// AVX2); call it only when hasAVX2 is true.
//
//go:noescape
func htmlBlocks(b []byte) int
