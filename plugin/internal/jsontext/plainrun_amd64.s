//go:build !purego

#include "textflag.h"

// func plainBlocks(s string) int
//
// Sixteen bytes at a time (SSE2, which every amd64 processor has): a byte
// is plain when it is above 0x1f and below 0x7f as a signed byte (so not a
// control byte and not from 0x7f up) and is neither the quote nor the
// backslash. Returns the index of the first byte that is not, or the
// length of the whole blocks when every one of them is plain.
TEXT ·plainBlocks(SB), NOSPLIT, $0-24
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	ANDQ $-16, BX
	XORQ AX, AX
	MOVQ $0x1f1f1f1f1f1f1f1f, DX
	MOVQ DX, X1
	PUNPCKLQDQ X1, X1
	MOVQ $0x7f7f7f7f7f7f7f7f, DX
	MOVQ DX, X2
	PUNPCKLQDQ X2, X2
	MOVQ $0x2222222222222222, DX
	MOVQ DX, X3
	PUNPCKLQDQ X3, X3
	MOVQ $0x5c5c5c5c5c5c5c5c, DX
	MOVQ DX, X4
	PUNPCKLQDQ X4, X4

loop:
	CMPQ AX, BX
	JAE  whole
	MOVOU (SI)(AX*1), X0
	MOVO  X0, X5
	PCMPGTB X1, X5   // X5 = byte > 0x1f
	MOVO  X2, X6
	PCMPGTB X0, X6   // X6 = 0x7f > byte
	PAND  X6, X5     // X5 = 0x20 <= byte <= 0x7e
	MOVO  X0, X7
	PCMPEQB X3, X7   // X7 = byte is the quote
	PCMPEQB X4, X0   // X0 = byte is the backslash
	POR   X0, X7
	PANDN X5, X7     // X7 = plain: in range, not the quote, not the backslash
	PMOVMSKB X7, DX
	CMPL  DX, $0xffff
	JNE   found
	ADDQ  $16, AX
	JMP   loop

found:
	NOTL DX
	BSFL DX, DX
	ADDQ DX, AX

whole:
	MOVQ AX, ret+16(FP)
	RET
