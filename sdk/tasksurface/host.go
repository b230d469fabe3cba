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
	SessionID SessionID `json:"sessionId,omitempty"`
	// CallID is the tool call.
	CallID CallID `json:"callId,omitempty"`
}

// ReadToolResultResponse is a tool result's metadata.
type ReadToolResultResponse struct {
	// Found is false when the session has no result for the call.
	Found bool `json:"found,omitempty"`
	// ToolName is the tool that was called.
	ToolName string `json:"toolName,omitempty"`
	// Meta is the result's persisted presentation metadata.
	Meta json.RawMessage `json:"meta,omitempty"`
	// IsError is true for a failed call.
	IsError bool `json:"isError,omitempty"`
	// ParentCallID is set for a nested call.
	ParentCallID CallID `json:"parentCallId,omitempty"`
}

// ReadProjectionRequest names a session.
type ReadProjectionRequest struct {
	// SessionID is the session.
	SessionID SessionID `json:"sessionId,omitempty"`
}

// ReadProjectionResponse is a session's projection view.
type ReadProjectionResponse struct {
	// Found is false when the session does not exist.
	Found bool `json:"found,omitempty"`
	// View is the projection view.
	View json.RawMessage `json:"view,omitempty"`
}

// AdmitUserMessageRequest queues a user message.
type AdmitUserMessageRequest struct {
	// SessionID is the session.
	SessionID SessionID `json:"sessionId,omitempty"`
	// MessageID is the message's id, minted by the plugin.
	MessageID MessageID `json:"messageId,omitempty"`
	// Text is the message's visible text.
	Text string `json:"text,omitempty"`
	// Source is the message's source, {kind: "user", taskSurface: {...}}.
	Source json.RawMessage `json:"source,omitempty"`
}

// AdmitUserMessageResponse is the outcome of an admission.
type AdmitUserMessageResponse struct {
	// Admitted is true when the message is queued (or was already).
	Admitted bool `json:"admitted,omitempty"`
	// MessageID is the message's id.
	MessageID MessageID `json:"messageId,omitempty"`
	// Duplicate is true when a message with this id had been admitted.
	Duplicate bool `json:"duplicate,omitempty"`
	// Reason says why a message was not admitted, in the host's words.
	Reason string `json:"reason,omitempty"`
}

// RecordDismissalRequest records a dismissal.
type RecordDismissalRequest struct {
	// SessionID is the session.
	SessionID SessionID `json:"sessionId,omitempty"`
	// SurfaceID is the surface dismissed.
	SurfaceID SurfaceID `json:"surfaceId,omitempty"`
	// DismissalID is the client's id for the dismissal.
	DismissalID DismissalID `json:"dismissalId,omitempty"`
	// CallID is the call that opened the surface.
	CallID CallID `json:"callId,omitempty"`
}

// RecordDismissalResponse is the outcome of recording a dismissal.
type RecordDismissalResponse struct {
	// Recorded is true when the record was written.
	Recorded bool `json:"recorded,omitempty"`
	// EventSeq is the log sequence of the record.
	EventSeq int64 `json:"eventSeq,omitempty"`
	// Reason says why nothing was written, in the host's words.
	Reason string `json:"reason,omitempty"`
}

// ListInFlightRequest names a session.
type ListInFlightRequest struct {
	// SessionID is the session.
	SessionID SessionID `json:"sessionId,omitempty"`
}

// InFlightMessage is a plugin message that is queued or claimed.
type InFlightMessage struct {
	// MessageID is the message.
	MessageID MessageID `json:"messageId,omitempty"`
	// Phase is PhaseQueued or PhaseClaiming.
	Phase Phase `json:"phase,omitempty"`
	// Source is the message's source.
	Source json.RawMessage `json:"source,omitempty"`
}

// ListInFlightResponse lists in-flight messages.
type ListInFlightResponse struct {
	// Messages are the in-flight messages, oldest first.
	Messages []InFlightMessage `json:"messages,omitempty"`
}
