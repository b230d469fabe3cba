//go:build !purego

#include "textflag.h"

// func plainBlocksSSE2(s string) int
//
// Sixteen bytes at a time (SSE2, which every amd64 processor has): a byte
// is plain when it is above 0x1f and below 0x7f as a signed byte (so not a
// control byte and not from 0x7f up) and is neither the quote nor the
// backslash. Returns the index of the first byte that is not, or the
// length of the whole blocks when every one of them is plain.
TEXT ·plainBlocksSSE2(SB), NOSPLIT, $0-24
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

// func plainBlocksAVX2(s string) int
//
// The same test 32 bytes at a time (AVX2), then on one block of sixteen if
// the whole blocks of 32 leave one, every constant loaded with VEX moves
// (legacy SSE moves into the vector registers would pay the penalty of
// mixing the two encodings at every call).
TEXT ·plainBlocksAVX2(SB), NOSPLIT, $0-24
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), BX
	MOVQ BX, CX
	ANDQ $-32, BX // BX = the end of the whole blocks of 32
	ANDQ $-16, CX // CX = the end of the whole blocks of sixteen
	XORQ AX, AX
	MOVQ $0x1f1f1f1f1f1f1f1f, DX
	VMOVQ DX, X1
	VPBROADCASTQ X1, Y1
	MOVQ $0x7f7f7f7f7f7f7f7f, DX
	VMOVQ DX, X2
	VPBROADCASTQ X2, Y2
	MOVQ $0x2222222222222222, DX
	VMOVQ DX, X3
	VPBROADCASTQ X3, Y3
	MOVQ $0x5c5c5c5c5c5c5c5c, DX
	VMOVQ DX, X4
	VPBROADCASTQ X4, Y4

loop32:
	CMPQ AX, BX
	JAE  last16
	VMOVDQU (SI)(AX*1), Y0
	VPCMPGTB Y1, Y0, Y5 // Y5 = byte > 0x1f
	VPCMPGTB Y0, Y2, Y6 // Y6 = 0x7f > byte
	VPAND    Y6, Y5, Y5 // Y5 = 0x20 <= byte <= 0x7e
	VPCMPEQB Y3, Y0, Y7 // Y7 = byte is the quote
	VPCMPEQB Y4, Y0, Y8 // Y8 = byte is the backslash
	VPOR     Y8, Y7, Y7
	VPANDN   Y5, Y7, Y7 // Y7 = plain: in range, not the quote, not the backslash
	VPMOVMSKB Y7, DX
	CMPL  DX, $0xffffffff
	JNE   found
	ADDQ  $32, AX
	JMP   loop32

last16:
	CMPQ AX, CX
	JAE  done
	VMOVDQU (SI)(AX*1), X0
	VPCMPGTB X1, X0, X5
	VPCMPGTB X0, X2, X6
	VPAND    X6, X5, X5
	VPCMPEQB X3, X0, X7
	VPCMPEQB X4, X0, X8
	VPOR     X8, X7, X7
	VPANDN   X5, X7, X7
	VPMOVMSKB X7, DX
	CMPL  DX, $0xffff
	JNE   found
	ADDQ  $16, AX
	JMP   done

found:
	NOTL DX
	BSFL DX, DX
	ADDQ DX, AX

done:
	VZEROUPPER
	MOVQ AX, ret+16(FP)
	RET
