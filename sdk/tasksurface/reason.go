package tasksurface

// Reason says why the plugin, or the host carrying out its decision,
// refused a request: the Reason of a GetActiveResponse, a CheckResponse, a
// SubmitResponse or a DismissResponse whose request did not succeed, and
// of a QueueRefused report. Clients match on it; Text gives a sentence to
// show a person.
//
// A Reason is about the request as a whole; what is wrong inside it comes
// as Problems, each with a Code. The two share one word: a refusal with
// ReasonAdmissionRefused carries exactly one Problem with
// CodeAdmissionRefused at the root, whose message is the host's own
// explanation. No other word is both a Reason and a Code.
type Reason string

// The reasons of a refusal. Reasons lists them all.
const (
	// ReasonNotOpen means no surface is open, or not the one named.
	ReasonNotOpen Reason = "not-open"
	// ReasonStale means the request names a surface that was replaced.
	ReasonStale Reason = "stale"
	// ReasonInvalidSubmission means the values do not fit the model; the
	// response's Problems say where.
	ReasonInvalidSubmission Reason = "invalid-submission"
	// ReasonSubmissionPending means another submission is queued or being
	// claimed.
	ReasonSubmissionPending Reason = "submission-pending"
	// ReasonMovedOn means the conversation moved on before the answer
	// reached it: an ordinary message was sent first (queued, being taken
	// by the agent, or already in the log, where it closed the surface).
	// Nothing was sent; the answers stay with the person to copy.
	ReasonMovedOn Reason = "moved-on"
	// ReasonSubmissionIDReused means the submission id was used before for
	// other values or another surface; a new attempt needs a new id.
	ReasonSubmissionIDReused Reason = "submission-id-reused"
	// ReasonDismissalIDReused means the dismissal id was used before for
	// another surface.
	ReasonDismissalIDReused Reason = "dismissal-id-reused"
	// ReasonInvalidRequest means an argument of the request has the wrong
	// JSON type, or the request is too large or too deeply nested; the
	// response's Problems name the argument.
	ReasonInvalidRequest Reason = "invalid-request"
	// ReasonInvalidDismissalID means the dismissal id is not a valid id.
	ReasonInvalidDismissalID Reason = "invalid-dismissal-id"
	// ReasonInvalidSurfaceID means the surface id is not a valid id.
	ReasonInvalidSurfaceID Reason = "invalid-surface-id"
	// ReasonAdmissionRefused means the host could not queue the message
	// for a reason of its own; the values stay editable and the same
	// submission may be retried. The response carries one Problem with
	// CodeAdmissionRefused whose message is the host's explanation.
	ReasonAdmissionRefused Reason = "admission-refused"
	// ReasonNotRecorded means the host did not write the dismissal.
	ReasonNotRecorded Reason = "not-recorded"
	// ReasonDismissed means the surface was dismissed before the submission
	// reached it: the dismissal was recorded first, and the answer was not
	// sent.
	ReasonDismissed Reason = "dismissed"
	// ReasonSubmitted means the surface was answered (its submission is on
	// its way or in the log) before the dismissal reached it: nothing was
	// dismissed.
	ReasonSubmitted Reason = "submitted"
)

// reasonTexts holds the sentence of each reason, in the order of Reasons.
var reasonTexts = [...]struct {
	reason Reason
	text   string
}{
	{ReasonNotOpen, "No Task Surface is open in this session."},
	{ReasonStale, "That Task Surface is no longer the open one."},
	{ReasonInvalidSubmission, "The answers do not fit the Task Surface."},
	{ReasonSubmissionPending, "The Task Surface has a submission on its way; it cannot be dismissed now."},
	{ReasonMovedOn, "The conversation moved on before these answers were sent: a message was sent first. The answers were not sent."},
	{ReasonSubmissionIDReused, "That submission id was already used for other answers; send these as a new submission."},
	{ReasonDismissalIDReused, "That dismissal id was already used for another Task Surface."},
	{ReasonInvalidRequest, "The request is malformed; the problems name the argument."},
	{ReasonInvalidDismissalID, "The dismissal id is not a valid id."},
	{ReasonInvalidSurfaceID, "The surface id is not a valid id."},
	{ReasonAdmissionRefused, "The harness did not queue the submission; the answers stay editable and can be sent again."},
	{ReasonNotRecorded, "The harness did not record the dismissal."},
	{ReasonDismissed, "The Task Surface was dismissed before this answer reached it; the answer was not sent."},
	{ReasonSubmitted, "The Task Surface was already answered; it was not dismissed."},
}

// Reasons returns every reason the plugin answers with, in declaration
// order.
func Reasons() []Reason {
	out := make([]Reason, len(reasonTexts))
	for i, rt := range reasonTexts {
		out[i] = rt.reason
	}
	return out
}

// Known reports whether r is one of the reasons the plugin answers with.
func (r Reason) Known() bool {
	for _, rt := range reasonTexts {
		if rt.reason == r {
			return true
		}
	}
	return false
}

// Text returns one readable English sentence for r, for a person. A reason
// that is not declared here (a host's own) is quoted in a generic sentence.
func (r Reason) Text() string {
	for _, rt := range reasonTexts {
		if rt.reason == r {
			return rt.text
		}
	}
	return "The request was refused (" + string(r) + ")."
}
