package wire

import (
	"strings"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ValidID reports whether s can serve as a surface, submission or dismissal
// id; the rule is the SDK's (tasksurface.ValidID).
func ValidID(s string) bool {
	return tasksurface.ValidID(s)
}

// DismissArgs formats the arguments of the dismissal command:
// "dismiss <surfaceId> <dismissalId>" (tasksurface.DismissArgs).
func DismissArgs(surfaceID tasksurface.SurfaceID, dismissalID tasksurface.DismissalID) string {
	return tasksurface.DismissArgs(surfaceID, dismissalID)
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
