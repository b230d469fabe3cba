package model

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// FormatNumber writes a number as the model's normalised form and the
// message text do: the shortest decimal that reads back to v, without an
// exponent, as JavaScript's String(v) writes it; below 1e-6 in magnitude,
// as JavaScript does too, with one ("1e-7", "2.5e-300"), so that the
// normalised form of a tiny step stays a short literal that reads again.
func FormatNumber(v float64) string {
	if v == 0 {
		return "0" // no "-0"
	}
	if math.Abs(v) >= 1e-6 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	s := strconv.FormatFloat(v, 'e', -1, 64) // "1e-07": JavaScript writes no leading zero
	mantissa, exp, _ := strings.Cut(s, "e-")
	return mantissa + "e-" + strings.TrimLeft(exp, "0")
}

// ValidDate reports whether s is a real calendar date written YYYY-MM-DD.
func ValidDate(s string) bool {
	if !datePatternMatches(s) {
		return false
	}
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// datePatternMatches reports whether s is written YYYY-MM-DD (ten
// characters, digits and two hyphens), whether or not it is a real date.
func datePatternMatches(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if i != 4 && i != 7 && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return true
}
