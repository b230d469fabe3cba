package coord

// Reasons beyond the SDK's (tasksurface.Reason*) that the service answers
// with.
const (
	// ReasonInvalidDismissalID means the dismissal id is not a valid id.
	ReasonInvalidDismissalID = "invalid-dismissal-id"
	// ReasonInvalidSurfaceID means the surface id is not a valid id.
	ReasonInvalidSurfaceID = "invalid-surface-id"
	// ReasonAdmissionRefused means the host did not queue the message; the
	// values stay editable and the same submission may be retried.
	ReasonAdmissionRefused = "admission-refused"
	// ReasonNotRecorded means the host did not write the dismissal when it
	// gave no reason of its own.
	ReasonNotRecorded = "not-recorded"
)

// Problem codes of a refused request.
const (
	// CodeInvalidID marks a request id that is not a valid id.
	CodeInvalidID = "invalid-id"
	// CodeAdmissionRefused carries the host's reason for not queueing a
	// message.
	CodeAdmissionRefused = "admission-refused"
)

// Readable reasons for refused queue actions.
const (
	refuseEdit = "A Task Surface submission cannot be edited in the queue: its text must match the values it carries. " +
		"Remove it and submit the surface again."
	refuseSteer   = "A Task Surface submission cannot be steered into the running turn: it answers the surface as the next turn."
	refuseClaimed = "The Task Surface submission has already been taken for the next turn and can no longer be removed."
	refuseUnknown = "This queue action is not supported for a Task Surface submission."
)
