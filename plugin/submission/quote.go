package submission

import (
	"strconv"
	"unicode/utf8"
)

// quote quotes a user-supplied string for a message, cut to 40 characters.
func quote(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		r := []rune(s)
		s = string(r[:40]) + "…"
	}
	return strconv.Quote(s)
}

func itoa(i int) string { return strconv.Itoa(i) }
