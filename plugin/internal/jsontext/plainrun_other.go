//go:build !amd64 || purego

package jsontext

// plainBlocks is plainWords on this architecture (or with the purego tag,
// which tests the portable code on amd64 too): the whole plain prefix,
// which keeps PlainRun's promise that a length short of the last whole
// block of sixteen ends at a byte that is not plain.
func plainBlocks(s string) int { return plainWords(s) }
