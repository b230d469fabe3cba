package strictjson

import (
	"errors"
	"strconv"
)

// MaxNumberLength caps the characters of one number literal, and
// MaxExponent the magnitude of its exponent, so that no number costs more
// than a moment to compare (see Options.CheckNumbers).
const (
	MaxNumberLength = 64
	MaxExponent     = 400
)

// NumberInRange reports whether a number literal of valid syntax is at most
// MaxNumberLength characters, has an exponent of at most MaxExponent and
// fits a float64. expAt is the offset of the exponent's digits (after the
// 'e' and its sign) in lit, or -1 when there is no exponent.
func NumberInRange(lit string, expAt int) bool {
	if len(lit) > MaxNumberLength {
		return false
	}
	if expAt < 0 {
		// At most MaxNumberLength digits and no exponent: below 1e64 in
		// magnitude, so it always fits a float64 (and what is too small
		// to tell from zero is accepted below anyway).
		return true
	}
	exp, err := strconv.Atoi(lit[expAt:])
	if err != nil || exp > MaxExponent {
		return false
	}
	f, err := strconv.ParseFloat(lit, 64)
	return err == nil || !errors.Is(err, strconv.ErrRange) || f == 0
}
