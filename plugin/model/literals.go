package model

import (
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"strings"
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

// decimal is v as the exact decimal it is written as (see FormatNumber),
// so 0.1 is one tenth.
func decimal(v float64) *big.Rat {
	r, _ := new(big.Rat).SetString(strconv.FormatFloat(v, 'g', -1, 64))
	return r
}

// whole reports whether v is a whole number.
func whole(v float64) bool {
	return v == float64(int64(v))
}

// numberText is *n written by FormatNumber, or "" for nil.
func numberText(n *float64) json.Number {
	if n == nil {
		return ""
	}
	return json.Number(FormatNumber(*n))
}

// numberOrNil is *n written by FormatNumber, or nil (left out) for nil.
func numberOrNil(n *float64) any {
	if n == nil {
		return nil
	}
	return numberText(n)
}

// initialNumber is f's initial number written by FormatNumber, or nil.
func initialNumber(f *Field) any {
	if n, ok := f.Initial.(float64); ok {
		return json.Number(FormatNumber(n))
	}
	return nil
}

// textOrNil is s, or nil (left out) for "".
func textOrNil(s string) any {
	if s == "" {
		return nil
	}
	return s
}
