package strictjson

import (
	"fmt"
	"strconv"
)

// SyntaxError is a break of the JSON grammar, for a Wording to word.
type SyntaxError struct {
	// Offset is the byte offset where the reader stopped. For an invalid
	// escape it is just past the escape's letter.
	Offset int
	// Pointer is where inside the document the reader was ("" at the top).
	Pointer string
	// Detail says what broke the grammar in a phrase, as precisely as the
	// reader knows it: "expected ',' or '}', found \"x\"".
	Detail string
	// Brief is Detail in fewer words where a reader needs fewer: it names
	// neither the control character nor the part of a number, and it tells
	// a \u escape cut short by the end of the input from a malformed one.
	Brief string
	// Escape marks an invalid escape (a backslash before a letter that
	// escapes nothing).
	Escape bool
}

// DescribeByte names a byte for a message: printable ASCII quoted ("\"x\""),
// anything else in hexadecimal ("byte 0x07").
func DescribeByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return strconv.Quote(string(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}
