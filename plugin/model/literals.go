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
// time.DateOnly takes exactly four, two and two digits, so it refuses
// "2026-1-01" and "+026-01-01" as the schema's pattern does.
func ValidDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}
