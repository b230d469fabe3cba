package coord

// Readable reasons for refused queue actions (QueueActionResponse.Reason):
// sentences the host shows a person as they are, not tasksurface.Reason
// words.
const (
	refuseEdit = "A Task Surface submission cannot be edited in the queue: its text must match the values it carries. " +
		"Remove it and submit the surface again."
	refuseSteer   = "A Task Surface submission cannot be steered into the running turn: it answers the surface as the next turn."
	refuseClaimed = "The Task Surface submission has already been taken for the next turn and can no longer be removed."
	refuseUnknown = "This queue action is not supported for a Task Surface submission."
)
