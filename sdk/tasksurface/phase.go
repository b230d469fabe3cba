package tasksurface

// Phase says where a submission's message is: the Phase of a
// PendingSubmission, of a QueuedMessage and of an accepted SubmitResponse.
type Phase string

// The phases of a submission. Phases lists them all.
const (
	// PhaseQueued means the message waits in the session queue.
	PhaseQueued Phase = "queued"
	// PhaseClaiming means the agent took the message for the next turn and
	// it is not durable yet.
	PhaseClaiming Phase = "claiming"
	// PhaseCommitted means the message is a durable user message: the
	// phase of an accepted SubmitResponse that answers a retry after the
	// message reached the log. A pending submission is never committed.
	PhaseCommitted Phase = "committed"
)

// Phases returns every phase, in declaration order.
func Phases() []Phase {
	return []Phase{PhaseQueued, PhaseClaiming, PhaseCommitted}
}

// Known reports whether p is one of the declared phases.
func (p Phase) Known() bool {
	return p == PhaseQueued || p == PhaseClaiming || p == PhaseCommitted
}

// Pending reports whether p is the phase of a message on its way: queued
// or claiming.
func (p Phase) Pending() bool {
	return p == PhaseQueued || p == PhaseClaiming
}
