package tasksurface

// DismissRequest closes an open surface without submitting it.
type DismissRequest struct {
	// SessionID is the session.
	SessionID SessionID `json:"sessionId,omitempty"`
	// SurfaceID is the surface dismissed; "" means the open one (a person
	// typing the command leaves it out).
	SurfaceID SurfaceID `json:"surfaceId,omitempty"`
	// DismissalID is minted by the client and reused on retry.
	DismissalID DismissalID `json:"dismissalId,omitempty"`
	// Snapshot is the session as the host holds it.
	Snapshot Snapshot `json:"snapshot"`
	// CommandID is set when the request comes from a dismissal command
	// that is running (a person typed it): recording the dismissal is
	// letting that command succeed.
	CommandID string `json:"commandId,omitempty"`
}

// DismissalRecord is the record the host must write to close the surface:
// the command pair NewDismissal returns, or, when the request named a
// running command, that command's success. The host writes it only while
// its state token is still StateToken (as for an Admission), and otherwise
// asks again with a fresh snapshot; while it writes, its snapshots list the
// record in Snapshot.Dismissals.
type DismissalRecord struct {
	// SurfaceID is the surface dismissed.
	SurfaceID SurfaceID `json:"surfaceId"`
	// DismissalID is the client's id for the dismissal.
	DismissalID DismissalID `json:"dismissalId"`
	// CallID is the call that opened the surface.
	CallID CallID `json:"callId"`
	// CommandName is the plugin's command, without its slash.
	CommandName string `json:"commandName"`
	// CommandArgs are the command's arguments (DismissArgs).
	CommandArgs string `json:"commandArgs"`
	// StateToken is the Snapshot.StateToken the decision was made on.
	StateToken string `json:"stateToken,omitempty"`
}

// DismissResponse is the plugin's decision about a dismissal.
type DismissResponse struct {
	// Dismissed is true when the dismissal is, or was, decided. With
	// Record set the host still has to write it, and the surface is
	// dismissed only once it has; EventSeq says where a record already
	// written is.
	Dismissed bool `json:"dismissed,omitempty"`
	// EventSeq is the log seq of the record's command/done event (the one
	// that closes the surface, the fold's Outcome.Seq), once written; 0
	// while it is being written or still to write.
	EventSeq int64 `json:"eventSeq,omitempty"`
	// Reason is set when Dismissed is false.
	Reason Reason `json:"reason,omitempty"`
	// Record is the record the host must write now, or nil.
	Record *DismissalRecord `json:"record,omitempty"`
}
