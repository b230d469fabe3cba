package tasksurface

// Phase says where a pending submission is: the Phase of a
// PendingSubmission, of an accepted SubmitResponse and of a host's
// InFlightMessage.
type Phase string

// The phases of a pending submission. Phases lists them all.
const (
	// PhaseQueued means the submission waits in the session queue.
	PhaseQueued Phase = "queued"
	// PhaseClaiming means the agent took the submission for the next turn
	// and it is not durable yet.
	PhaseClaiming Phase = "claiming"
)

// Phases returns every phase, in declaration order.
func Phases() []Phase {
	return []Phase{PhaseQueued, PhaseClaiming}
}

// Known reports whether p is one of the declared phases.
func (p Phase) Known() bool {
	return p == PhaseQueued || p == PhaseClaiming
}
