package strictjson_test

import (
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
)

func TestNumberInRange(t *testing.T) {
	t.Parallel()
	nines := strings.Repeat("9", strictjson.MaxNumberLength)
	for _, c := range []struct {
		lit  string
		want bool
	}{
		{"0", true},
		{"-12.5", true},
		{nines, true},           // the longest literal: below 1e64
		{"-" + nines[1:], true}, // with its sign, as long
		{nines + "9", false},    // one character too long
		{"0." + strings.Repeat("0", strictjson.MaxNumberLength-3) + "1", true},
		{"1e308", true},
		{"2e308", false}, // beyond float64
		{"-2E+308", false},
		{"1e-400", true}, // too small to tell from zero: zero
		{"1e401", false}, // exponent beyond MaxExponent
		{"1e-401", false},
	} {
		expAt := -1
		if i := strings.IndexAny(c.lit, "eE"); i >= 0 {
			expAt = i + 1
			if c.lit[expAt] == '+' || c.lit[expAt] == '-' {
				expAt++
			}
		}
		if got := strictjson.NumberInRange(c.lit, expAt); got != c.want {
			t.Errorf("NumberInRange(%q) = %v, want %v", c.lit, got, c.want)
		}
	}
}
