//go:build !purego

#include "textflag.h"

// func htmlBlocks(b []byte) int
//
// Thirty-two bytes at a time (AVX2): a byte is wanted when, with bit 1 set,
// it is '>' (so it was '<' or '>'), or when it is '&' or 0xe2. Returns the
// index of the first wanted byte, or the length of the whole blocks when
// none of them holds one.
TEXT ·htmlBlocks(SB), NOSPLIT, $0-32
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), BX
	ANDQ $-32, BX
	XORQ AX, AX
	MOVQ $0x3e3e3e3e3e3e3e3e, DX
	VMOVQ DX, X1
	VPBROADCASTQ X1, Y1
	MOVQ $0x0202020202020202, DX
	VMOVQ DX, X2
	VPBROADCASTQ X2, Y2
	MOVQ $0x2626262626262626, DX
	VMOVQ DX, X3
	VPBROADCASTQ X3, Y3
	MOVQ $0xe2e2e2e2e2e2e2e2, DX
	VMOVQ DX, X4
	VPBROADCASTQ X4, Y4

loop:
	CMPQ AX, BX
	JAE  whole
	VMOVDQU (SI)(AX*1), Y0
	VPOR     Y2, Y0, Y5 // Y5 = byte | 0x02
	VPCMPEQB Y1, Y5, Y5 // Y5 = byte is '<' or '>'
	VPCMPEQB Y3, Y0, Y6 // Y6 = byte is '&'
	VPCMPEQB Y4, Y0, Y7 // Y7 = byte is 0xe2
	VPOR     Y6, Y5, Y5
	VPOR     Y7, Y5, Y5
	VPMOVMSKB Y5, DX
	TESTL DX, DX
	JNZ   found
	ADDQ  $32, AX
	JMP   loop

found:
	BSFL DX, DX
	ADDQ DX, AX

whole:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET
