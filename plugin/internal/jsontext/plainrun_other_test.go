//go:build !amd64 || purego

package jsontext

// plainBlocksAgree reports whether plainBlocks(s) is the whole plain prefix
// of s, plain bytes long, as plainWords finds it; and that length.
func plainBlocksAgree(s string, plain int) (bool, int) {
	return plainBlocks(s) == plain, plain
}
