package schemacheck

import (
	"encoding/json"
	"math/big"
	"strconv"
)

// number is a JSON number compared exactly, as a decimal: small integers
// as an int64, anything else as a big.Rat.
type number struct {
	// small is the value when isSmall.
	small   int64
	isSmall bool
	// rat is the value when not isSmall.
	rat *big.Rat
}

// parseNumber reads a JSON number literal.
func parseNumber(lit string) (*number, bool) {
	var n number
	if !n.set(lit) {
		return nil, false
	}
	return &n, true
}

// set reads lit into n: plain integer literals of up to 18 digits take
// the int64 form without allocating.
func (n *number) set(lit string) bool {
	if plainInteger(lit) {
		if i, err := strconv.ParseInt(lit, 10, 64); err == nil {
			*n = number{small: i, isSmall: true}
			return true
		}
	}
	r, ok := new(big.Rat).SetString(lit)
	if !ok {
		return false
	}
	*n = number{rat: r}
	return true
}

// plainInteger reports whether lit is an optional "-" and 1 to 18 digits,
// which fit an int64.
func plainInteger(lit string) bool {
	digits := lit
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// isInt reports whether n has an integral value.
func (n *number) isInt() bool {
	return n.isSmall || n.rat.IsInt()
}

// cmp compares n and m: -1, 0 or +1.
func (n *number) cmp(m *number) int {
	if n.isSmall && m.isSmall {
		switch {
		case n.small < m.small:
			return -1
		case n.small > m.small:
			return 1
		}
		return 0
	}
	return n.asRat().Cmp(m.asRat())
}

func (n *number) asRat() *big.Rat {
	if n.isSmall {
		return new(big.Rat).SetInt64(n.small)
	}
	return n.rat
}

// equalNumbers reports whether two json.Number literals have the same
// value; a literal that does not parse equals nothing.
func equalNumbers(a, b json.Number) bool {
	var x, y number
	return x.set(string(a)) && y.set(string(b)) && x.cmp(&y) == 0
}
