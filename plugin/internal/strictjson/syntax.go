package strictjson

import (
	"fmt"
	"strconv"
)

// Fault says what broke the JSON grammar.
type Fault int

// The faults, in the order the reader can meet them.
const (
	// FaultTrailing is data after the top-level value.
	FaultTrailing Fault = iota
	// FaultEnd is the end of the input where a value was expected.
	FaultEnd
	// FaultUnexpected is a byte that starts no value.
	FaultUnexpected
	// FaultEndBeforeKey is the end of the input where a key was expected.
	FaultEndBeforeKey
	// FaultKey is a byte other than a quote where a key was expected.
	FaultKey
	// FaultColon is a key without a ':' after it.
	FaultColon
	// FaultEndInObject is the end of the input inside an object.
	FaultEndInObject
	// FaultObject is a byte other than ',' or '}' after a member.
	FaultObject
	// FaultEndInArray is the end of the input inside an array.
	FaultEndInArray
	// FaultArray is a byte other than ',' or ']' after an item.
	FaultArray
	// FaultUnterminatedString is a string the input ends inside.
	FaultUnterminatedString
	// FaultControl is a raw control character inside a string.
	FaultControl
	// FaultUnterminatedEscape is a backslash at the end of the input.
	FaultUnterminatedEscape
	// FaultEscape is a backslash before a letter that escapes nothing.
	FaultEscape
	// FaultUnicodeEscape is a \u escape without four hexadecimal digits.
	FaultUnicodeEscape
	// FaultShortUnicodeEscape is a \u escape the input ends inside.
	FaultShortUnicodeEscape
	// FaultNumber is a '-' without a digit after it.
	FaultNumber
	// FaultFraction is a '.' without a digit after it.
	FaultFraction
	// FaultExponent is an exponent without a digit.
	FaultExponent
)

// SyntaxError is a break of the JSON grammar, for a Wording to word.
type SyntaxError struct {
	// Offset is the byte offset where the reader stopped. For FaultEscape
	// it is just past the escape's letter.
	Offset int
	// Pointer is where inside the document the reader was ("" at the top).
	Pointer string
	// Fault says what broke the grammar.
	Fault Fault
	// Byte is the byte concerned for FaultUnexpected, FaultKey, FaultObject,
	// FaultArray, FaultControl and FaultEscape.
	Byte byte
}

// Detail says what broke the grammar in a phrase, as precisely as the
// reader knows it: "expected ',' or '}', found \"x\"".
func (e SyntaxError) Detail() string {
	switch e.Fault {
	case FaultUnexpected:
		return "unexpected " + DescribeByte(e.Byte)
	case FaultKey:
		return "expected a quoted key, found " + DescribeByte(e.Byte)
	case FaultObject:
		return "expected ',' or '}', found " + DescribeByte(e.Byte)
	case FaultArray:
		return "expected ',' or ']', found " + DescribeByte(e.Byte)
	case FaultControl:
		return fmt.Sprintf("control character 0x%02x inside a string must be escaped", e.Byte)
	case FaultEscape:
		return "invalid escape \\" + string(rune(e.Byte))
	}
	if int(e.Fault) < len(details) && details[e.Fault] != "" {
		return details[e.Fault]
	}
	return "invalid JSON"
}

// details are the words of the faults that name no byte.
var details = [...]string{
	FaultTrailing:           "unexpected data after the top-level value",
	FaultEnd:                "unexpected end of input",
	FaultEndBeforeKey:       "unexpected end of input, expected a key",
	FaultColon:              "expected ':' after a key",
	FaultEndInObject:        "unexpected end of input, expected ',' or '}'",
	FaultEndInArray:         "unexpected end of input, expected ',' or ']'",
	FaultUnterminatedString: "unterminated string",
	FaultUnterminatedEscape: "unterminated escape",
	FaultUnicodeEscape:      "invalid \\u escape",
	FaultShortUnicodeEscape: "invalid \\u escape",
	FaultNumber:             "invalid number",
	FaultFraction:           "invalid number: expected a digit after '.'",
	FaultExponent:           "invalid number: expected a digit in the exponent",
}

// Brief is Detail in fewer words where a reader needs fewer: it names
// neither the control character nor the part of a number, and it tells a
// \u escape cut short by the end of the input from a malformed one.
func (e SyntaxError) Brief() string {
	switch e.Fault {
	case FaultControl:
		return "a control character inside a string must be escaped"
	case FaultShortUnicodeEscape:
		return "unterminated \\u escape"
	case FaultFraction, FaultExponent:
		return "invalid number"
	}
	return e.Detail()
}

// DescribeByte names a byte for a message: printable ASCII quoted ("\"x\""),
// anything else in hexadecimal ("byte 0x07").
func DescribeByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return strconv.Quote(string(c))
	}
	return fmt.Sprintf("byte 0x%02x", c)
}
