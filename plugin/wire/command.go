package wire

import "strings"

// ValidID reports whether s can serve as a surface, submission or dismissal
// id: 1 to 128 characters of ASCII letters, digits and "_.:-", starting
// with a letter or digit.
func ValidID(s string) bool {
	if len(s) == 0 || len(s) > 128 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case i > 0 && (c == '_' || c == '.' || c == ':' || c == '-'):
		default:
			return false
		}
	}
	return true
}

// DismissArgs formats the arguments of the dismissal command:
// "dismiss <surfaceId> <dismissalId>".
func DismissArgs(surfaceID, dismissalID string) string {
	return CommandDismiss + " " + surfaceID + " " + dismissalID
}

// ParseDismissArgs reads the arguments of a dismissal command:
// "dismiss [<surfaceId> [<dismissalId>]]". A person typing the command may
// leave out both ids; surfaceID is then "" and means "the open surface".
// ok is false for anything else.
func ParseDismissArgs(args string) (surfaceID, dismissalID string, ok bool) {
	parts := strings.Fields(args)
	if len(parts) < 1 || len(parts) > 3 || parts[0] != CommandDismiss {
		return "", "", false
	}
	if len(parts) >= 2 {
		if !ValidID(parts[1]) {
			return "", "", false
		}
		surfaceID = parts[1]
	}
	if len(parts) == 3 {
		if !ValidID(parts[2]) {
			return "", "", false
		}
		dismissalID = parts[2]
	}
	return surfaceID, dismissalID, true
}
