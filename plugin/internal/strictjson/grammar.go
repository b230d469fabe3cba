package strictjson

// SkipSpace returns the offset of the first byte at or after pos that is
// not JSON white space.
func SkipSpace(s []byte, pos int) int {
	for pos < len(s) {
		switch s[pos] {
		case ' ', '\t', '\n', '\r':
			pos++
		default:
			return pos
		}
	}
	return pos
}

// ScanNumber reads a number literal at pos by the JSON grammar. It returns
// the offset just past the literal, or the offset where the grammar broke
// and the fault in words ("invalid number: expected a digit after '.'"),
// "" for none. expAt is the offset of the exponent's digits relative to
// pos, as NumberInRange takes it, or -1 without an exponent.
func ScanNumber(s []byte, pos int) (end, expAt int, fault string) {
	start := pos
	if pos < len(s) && s[pos] == '-' {
		pos++
	}
	switch {
	case pos < len(s) && s[pos] == '0':
		pos++
	default:
		if pos = digits(s, pos); pos == start || s[pos-1] == '-' {
			return pos, -1, "invalid number"
		}
	}
	if pos < len(s) && s[pos] == '.' {
		end := digits(s, pos+1)
		if end == pos+1 {
			return end, -1, "invalid number: expected a digit after '.'"
		}
		pos = end
	}
	expAt = -1
	if pos < len(s) && (s[pos] == 'e' || s[pos] == 'E') {
		pos++
		if pos < len(s) && (s[pos] == '+' || s[pos] == '-') {
			pos++
		}
		expAt = pos - start
		end := digits(s, pos)
		if end == pos {
			return end, -1, "invalid number: expected a digit in the exponent"
		}
		pos = end
	}
	return pos, expAt, ""
}

// digits returns the offset of the first byte at or after pos that is not
// a decimal digit.
func digits(s []byte, pos int) int {
	for pos < len(s) && '0' <= s[pos] && s[pos] <= '9' {
		pos++
	}
	return pos
}
