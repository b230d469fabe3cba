//go:build !purego

package jsontext

// plainBlocks returns the length of the longest prefix of s made of plain
// bytes (see PlainRun) that it finds testing s sixteen bytes at a time: the
// index of the first byte that is not plain if one is in the whole blocks of
// s, else the length of those blocks (len(s) rounded down to sixteen). So a
// length short of the last whole block ends at a byte that is not plain.
// Written in assembly (plainrun_amd64.s, SSE2).
//
//go:noescape
func plainBlocks(s string) int
