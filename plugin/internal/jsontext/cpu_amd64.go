//go:build !purego

package jsontext

import "golang.org/x/sys/cpu"

// hasAVX2 tells whether the AVX2 forms of the block tests (plainBlocksAVX2,
// htmlBlocks) can run here.
var hasAVX2 = cpu.X86.HasAVX2
