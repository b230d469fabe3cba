//go:build !amd64 || purego

package jsontext

// htmlBlocks is never called here (htmlIndex asks hasAVX2 first).
func htmlBlocks([]byte) int { return 0 }
