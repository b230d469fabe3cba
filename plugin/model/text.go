package model

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// CheckText reports whether s is free of characters that no Task Surface
// text may hold, and if not, why, naming the first offending character and
// its position (counted in characters from 1). Forbidden are: invalid UTF-8
// (which includes encoded lone surrogates); C0 controls other than tab and
// newline (carriage return included); DEL; the bidi embeddings, overrides
// and isolates U+202A–U+202E and U+2066–U+2069; the direction marks U+200E,
// U+200F and U+061C; and U+FEFF. These can hide or reorder what a user
// reads, or break the transcript and the logs.
func CheckText(s string) (ok bool, reason string) {
	r, pos, found := firstForbidden(s)
	switch {
	case !found:
		return true, ""
	case r == utf8.RuneError:
		return false, fmt.Sprintf("invalid UTF-8 at character %d", pos)
	}
	return false, fmt.Sprintf("%s (U+%04X) at character %d", forbiddenName(r), r, pos)
}

// firstForbidden finds the first character of s that CheckText refuses:
// the rune (utf8.RuneError for invalid UTF-8) and its position, counted in
// characters from 1.
func firstForbidden(s string) (r rune, pos int, found bool) {
	for i := 0; i < len(s); {
		if c := s[i]; c >= 0x20 && c < 0x7f {
			// Printable ASCII, most of any text: allowed.
			pos++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		pos++
		if r == utf8.RuneError && size <= 1 {
			return utf8.RuneError, pos, true
		}
		if forbiddenName(r) != "" {
			return r, pos, true
		}
		i += size
	}
	return 0, 0, false
}

// forbiddenName names a forbidden rune, or returns "" for an allowed one.
func forbiddenName(r rune) string {
	switch {
	case r == '\t' || r == '\n':
		return ""
	case r == '\r':
		return "a carriage return"
	case r < 0x20:
		return "a control character"
	case r == 0x7f:
		return "DEL"
	case r >= 0x202a && r <= 0x202e:
		return "a bidi embedding or override"
	case r >= 0x2066 && r <= 0x2069:
		return "a bidi isolate"
	case r == 0x200e || r == 0x200f || r == 0x061c:
		return "a direction mark"
	case r == 0xfeff:
		return "a byte order mark"
	}
	return ""
}

// VisiblyEmpty reports whether s shows nothing to a reader: it is empty or
// holds only characters that render as nothing or as blank space. Those
// are the white space of Unicode (White_Space: spaces, tabs and every line
// break, U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F,
// U+205F, U+3000), controls (Cc), format characters (Cf: U+00AD, U+200B–
// U+200F, U+2060–U+2064, U+FEFF, the tag characters, ...), the other
// default-ignorable code points (Other_Default_Ignorable_Code_Point: the
// Hangul fillers U+115F, U+1160, U+3164, U+FFA0, U+034F, ...), the
// variation selectors, and U+2800 BRAILLE PATTERN BLANK. A label, a title
// or a required answer that is visibly empty counts as missing. This is the
// only home of the rule: the browser asks the plugin's check (Unanswered)
// rather than keeping a copy.
func VisiblyEmpty(s string) bool {
	for _, r := range s {
		if !invisible(r) {
			return false
		}
	}
	return true
}

// invisible reports whether r renders as nothing or as blank space (see
// VisiblyEmpty).
func invisible(r rune) bool {
	if r < utf8.RuneSelf {
		return r <= ' ' || r == 0x7f
	}
	return r == 0x2800 || unicode.In(r, unicode.White_Space, unicode.Cc, unicode.Cf,
		unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
}
