//go:build !purego

package jsontext

// plainBlocks returns the length of the longest prefix of s made of plain
// bytes (see PlainRun) that it finds testing s by blocks: the index of the
// first byte that is not plain if one is in the whole blocks of sixteen of
// s, else the length of those blocks (len(s) rounded down to sixteen). So a
// length short of the last whole block ends at a byte that is not plain.
// With AVX2 it tests 32 bytes at a time (plainBlocksAVX2), else sixteen
// (plainBlocksSSE2); both are written in assembly (plainrun_amd64.s).
func plainBlocks(s string) int {
	if hasAVX2 {
		return plainBlocksAVX2(s)
	}
	return plainBlocksSSE2(s)
}

// plainBlocksSSE2 is plainBlocks sixteen bytes at a time (SSE2, which every
// amd64 processor has).
//
//go:noescape
func plainBlocksSSE2(s string) int

// plainBlocksAVX2 is plainBlocks 32 bytes at a time, then one block of
// sixteen if one is left; call it only when hasAVX2 is true.
//
//go:noescape
func plainBlocksAVX2(s string) int
