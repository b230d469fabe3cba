// Package jsontext appends JSON text exactly as encoding/json writes it,
// without reflection and without compacting what it writes a second time.
// The plugin's canonical bytes (the normalised model, the tool's value and
// metadata) are written with it; its tests hold every function to
// encoding/json's output.
package jsontext

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// Words of eight bytes, for testing all eight at once.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// PlainRun returns the length of the longest prefix of s made of printable
// ASCII other than the quote and the backslash (0x20 to 0x7e): text that
// needs no escape in a JSON string, and that every Task Surface text may
// hold. It tests sixteen bytes at a time where the processor can
// (plainBlocks, amd64), then eight at a time, then byte by byte.
func PlainRun(s string) int {
	i := 0
	if len(s) >= 16 {
		if i = plainBlocks(s); i < len(s)&^15 {
			return i // the blocks found a byte that is not plain
		}
	}
	return i + plainWords(s[i:])
}

// plainWords is PlainRun eight bytes at a time, then byte by byte.
func plainWords(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		// A byte below 0x20, a byte from 0x7f up, a quote or a backslash.
		low := (x - 0x20*ones) &^ x
		high := x | (x + ones)
		quote := x ^ ('"' * ones)
		backslash := x ^ ('\\' * ones)
		if (low|high|((quote-ones)&^quote)|((backslash-ones)&^backslash))&highs != 0 {
			break
		}
	}
	for i < len(s) && plain[s[i]] {
		i++
	}
	return i
}

// plain marks the bytes PlainRun accepts.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// htmlSafe marks the ASCII bytes a string copies as they are when HTML is
// escaped: plain bytes and DEL, except <, > and &.
var htmlSafe = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// AppendString appends s as a JSON string, as encoding/json writes a Go
// string: quote, backslash and control characters escaped (\b, \f, \n,
// \r, \t by name), invalid UTF-8 as \ufffd, U+2028 and U+2029 escaped, and
// with escapeHTML also <, > and & (as json.Marshal does; an Encoder with
// SetEscapeHTML(false) leaves them).
func AppendString(dst []byte, s string, escapeHTML bool) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		if !escapeHTML {
			i += PlainRun(s[i:])
			if i == len(s) {
				break
			}
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if htmlSafe[c] || !escapeHTML && (c == '<' || c == '>' || c == '&') {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '\\', '"':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// AppendCompactHTML appends compact, valid JSON text with <, >, & and the
// bytes of U+2028 and U+2029 escaped: what json.Marshal writes for a
// json.RawMessage that holds compact JSON. It does not check its input;
// give it only JSON this program wrote compactly.
//
// It looks for each of the four bytes that may need an escape with
// bytes.IndexByte, which is vectorised, keeping the next position of each
// and searching for a byte again only once its position is passed: the
// text is read about four times at vector speed, whatever the mix, and text
// with nothing to escape is copied in one piece.
func AppendCompactHTML(dst, compact []byte) []byte {
	var next [len(htmlSpecials)]int
	for k, c := range htmlSpecials {
		next[k] = indexFrom(compact, 0, c)
	}
	start := 0
	for {
		k := 0
		for j := 1; j < len(next); j++ {
			if next[j] < next[k] {
				k = j
			}
		}
		i := next[k]
		if i == len(compact) {
			break
		}
		switch c := compact[i]; c {
		case '<', '>', '&':
			dst = append(dst, compact[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			start = i + 1
		default: // 0xe2, the first byte of U+2028 and U+2029 among others
			if i+2 < len(compact) && compact[i+1] == 0x80 && compact[i+2]&^1 == 0xa8 {
				dst = append(dst, compact[start:i]...)
				dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[compact[i+2]&0xf])
				start = i + 3
			}
		}
		next[k] = indexFrom(compact, i+1, htmlSpecials[k])
	}
	return append(dst, compact[start:]...)
}

// NeedsHTMLEscape reports whether AppendCompactHTML would write compact
// otherwise than as it is: whether it holds <, >, &, U+2028 or U+2029. It
// reads compact once, 32 bytes at a time where the processor can
// (htmlIndex), stopping at each of those bytes and at each 0xe2 (the first
// byte of U+2028, U+2029 and many other characters).
func NeedsHTMLEscape(compact []byte) bool {
	if !hasAVX2 {
		return needsHTMLEscapePortable(compact)
	}
	for i := htmlIndex(compact); i < len(compact); i += 1 + htmlIndex(compact[i+1:]) {
		if compact[i] != 0xe2 || lineSeparatorAt(compact, i) {
			return true
		}
	}
	return false
}

// needsHTMLEscapePortable is NeedsHTMLEscape with bytes.IndexByte, which is
// vectorised on every architecture: the text is read once for each of <, >
// and &, and once for 0xe2.
func needsHTMLEscapePortable(compact []byte) bool {
	if bytes.IndexByte(compact, '<') >= 0 || bytes.IndexByte(compact, '>') >= 0 || bytes.IndexByte(compact, '&') >= 0 {
		return true
	}
	for i := indexFrom(compact, 0, 0xe2); i < len(compact); i = indexFrom(compact, i+1, 0xe2) {
		if lineSeparatorAt(compact, i) {
			return true
		}
	}
	return false
}

// lineSeparatorAt reports whether b holds U+2028 or U+2029 at i.
func lineSeparatorAt(b []byte, i int) bool {
	return i+2 < len(b) && b[i] == 0xe2 && b[i+1] == 0x80 && b[i+2]&^1 == 0xa8
}

// htmlIndex returns the index of the first <, >, & or 0xe2 in b, or len(b),
// testing 32 bytes at a time (htmlBlocks) where hasAVX2 says the
// processor can, then byte by byte.
func htmlIndex(b []byte) int {
	i := 0
	if hasAVX2 && len(b) >= 32 {
		if i = htmlBlocks(b); i < len(b)&^31 {
			return i // the blocks found one
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; c == '<' || c == '>' || c == '&' || c == 0xe2 {
			return i
		}
	}
	return len(b)
}

// htmlSpecials are the bytes AppendCompactHTML may escape: <, >, & and the
// first byte of U+2028 and U+2029.
var htmlSpecials = [...]byte{'<', '>', '&', 0xe2}

// indexFrom returns the index of the first c in b at or after from, or
// len(b).
func indexFrom(b []byte, from int, c byte) int {
	if i := bytes.IndexByte(b[from:], c); i >= 0 {
		return from + i
	}
	return len(b)
}

// ValidNumber reports whether s is a JSON number literal, as encoding/json
// checks a json.Number before it writes one.
func ValidNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && '1' <= s[i] && s[i] <= '9':
		i = digits(s, i)
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		if j := digits(s, i+1); j > i+1 {
			i = j
		} else {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if j := digits(s, i); j > i {
			i = j
		} else {
			return false
		}
	}
	return i == len(s)
}

// digits returns the index after the run of digits at s[i:].
func digits(s string, i int) int {
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i
}
