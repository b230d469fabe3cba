//go:build !purego

package jsontext

// plainBlocksAgree reports whether plainBlocks(s) is what the assembly must
// return for a text whose plain prefix is plain bytes long: the first byte
// that is not plain, or the end of the last whole block of sixteen,
// whichever comes first; and that length. Both forms of the assembly are
// held to it, the AVX2 one where the processor has it.
func plainBlocksAgree(s string, plain int) (bool, int) {
	want := min(plain, len(s)&^15)
	ok := plainBlocks(s) == want && plainBlocksSSE2(s) == want
	if hasAVX2 {
		ok = ok && plainBlocksAVX2(s) == want
	}
	return ok, want
}
