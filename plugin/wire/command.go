package wire

import (
	"strings"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

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
		if !tasksurface.ValidID(parts[1]) {
			return "", "", false
		}
		surfaceID = parts[1]
	}
	if len(parts) == 3 {
		if !tasksurface.ValidID(parts[2]) {
			return "", "", false
		}
		dismissalID = parts[2]
	}
	return surfaceID, dismissalID, true
}
