package coord

import (
	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// A surface has one outcome, decided once: submitted or dismissed, whichever
// the service records first. Submit and Dismiss of a session are
// single-flight (session.begin), so the decision is made under that flight:
//
//   - a submission is recorded (pending) before its admission is asked for,
//     so a dismissal after it is refused with submission-pending, or with
//     submitted once the message is durable;
//   - a dismissal is recorded (dismissalRecord) as soon as the host says it
//     wrote the command, so a submission after it is refused with
//     dismissed, even when the projection it was sent with, or the one the
//     host reads back, does not show the dismissal yet. The host shim reads
//     the projection it sends with a submit before the call waits for the
//     flight, and a typed dismissal's command/done is written only after
//     the plugin has answered: in both windows the projection still shows
//     the surface open.
//
// After a plugin restart the records are empty and the log decides: the
// projection's outcome of the surface names the winner.

// dismissedHere reports whether this process recorded a dismissal of the
// surface.
func (ss *session) dismissedHere(surfaceID string) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for _, d := range ss.dismissals {
		if d.surfaceID == surfaceID {
			return true
		}
	}
	return false
}

// closedBy reports the reason to refuse a request that came after the
// surface closed with the given outcome in the projection: when the
// projection's outcome of surfaceID is closer, it returns reason; otherwise
// fallback (the reason target gave). A submission comes too late for a
// dismissed surface (closer dismissed, reason dismissed), a dismissal for a
// submitted one (closer submitted, reason submitted).
func closedBy(v fold.View, surfaceID, closer string, reason, fallback tasksurface.Reason) tasksurface.Reason {
	if surfaceID == "" {
		return fallback
	}
	if o, ok := v.OutcomeOf(surfaceID); ok && o.Outcome == closer {
		return reason
	}
	return fallback
}
