package tasksurface

import (
	"context"
	"encoding/json"
)

// Host is what a harness offers the plugin: read access to the session log
// and the two writes the plugin owns, admitting a user message and recording
// a dismissal. A harness implements it; the SDK serves it to the plugin over
// the go-plugin broker.
type Host interface {
	// ReadToolResult returns a tool result's metadata by call id.
	ReadToolResult(ctx context.Context, req *ReadToolResultRequest) (*ReadToolResultResponse, error)
	// ReadProjection returns the session's projection view.
	ReadProjection(ctx context.Context, req *ReadProjectionRequest) (*ReadProjectionResponse, error)
	// AdmitUserMessage queues a user message for the next turn. It must be
	// idempotent per MessageID.
	AdmitUserMessage(ctx context.Context, req *AdmitUserMessageRequest) (*AdmitUserMessageResponse, error)
	// RecordDismissal writes the dismissal record to the session log.
	RecordDismissal(ctx context.Context, req *RecordDismissalRequest) (*RecordDismissalResponse, error)
	// ListInFlight lists the plugin's messages that are queued or claimed.
	ListInFlight(ctx context.Context, req *ListInFlightRequest) (*ListInFlightResponse, error)
}

// ReadToolResultRequest names a tool result.
type ReadToolResultRequest struct {
	// SessionID is the session.
	SessionID string
	// CallID is the tool call.
	CallID string
}

// ReadToolResultResponse is a tool result's metadata.
type ReadToolResultResponse struct {
	// Found is false when the session has no result for the call.
	Found bool
	// ToolName is the tool that was called.
	ToolName string
	// Meta is the result's persisted presentation metadata.
	Meta json.RawMessage
	// IsError is true for a failed call.
	IsError bool
	// ParentCallID is set for a nested call.
	ParentCallID string
}

// ReadProjectionRequest names a session.
type ReadProjectionRequest struct {
	// SessionID is the session.
	SessionID string
}

// ReadProjectionResponse is a session's projection view.
type ReadProjectionResponse struct {
	// Found is false when the session does not exist.
	Found bool
	// View is the projection view.
	View json.RawMessage
}

// AdmitUserMessageRequest queues a user message.
type AdmitUserMessageRequest struct {
	// SessionID is the session.
	SessionID string
	// MessageID is the message's id, minted by the plugin.
	MessageID string
	// Text is the message's visible text.
	Text string
	// Source is the message's source, {kind: "user", taskSurface: {...}}.
	Source json.RawMessage
}

// AdmitUserMessageResponse is the outcome of an admission.
type AdmitUserMessageResponse struct {
	// Admitted is true when the message is queued (or was already).
	Admitted bool
	// MessageID is the message's id.
	MessageID string
	// Duplicate is true when a message with this id had been admitted.
	Duplicate bool
	// Reason says why a message was not admitted, in the host's words.
	Reason string
}

// RecordDismissalRequest records a dismissal.
type RecordDismissalRequest struct {
	// SessionID is the session.
	SessionID string
	// SurfaceID is the surface dismissed.
	SurfaceID string
	// DismissalID is the client's id for the dismissal.
	DismissalID string
	// CallID is the call that opened the surface.
	CallID string
}

// RecordDismissalResponse is the outcome of recording a dismissal.
type RecordDismissalResponse struct {
	// Recorded is true when the record was written.
	Recorded bool
	// EventSeq is the log sequence of the record.
	EventSeq int64
	// Reason says why nothing was written, in the host's words.
	Reason string
}

// ListInFlightRequest names a session.
type ListInFlightRequest struct {
	// SessionID is the session.
	SessionID string
}

// InFlightMessage is a plugin message that is queued or claimed.
type InFlightMessage struct {
	// MessageID is the message.
	MessageID string
	// Phase is PhaseQueued or PhaseClaiming.
	Phase Phase
	// Source is the message's source.
	Source json.RawMessage
}

// ListInFlightResponse lists in-flight messages.
type ListInFlightResponse struct {
	// Messages are the in-flight messages, oldest first.
	Messages []InFlightMessage
}
