package wire

import (
	"encoding/json"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Correlation ties a submitted user message to the surface it answers.
type Correlation struct {
	// Version is SourceVersion.
	Version int `json:"version"`
	// SubmissionID is the client's id for the attempt.
	SubmissionID string `json:"submissionId"`
	// CallID is the show_task_surface call that opened the surface.
	CallID tasksurface.CallID `json:"callId"`
	// SurfaceID is the surface.
	SurfaceID string `json:"surfaceId"`
	// Values are the submitted values, keyed by field id.
	Values map[string]any `json:"values"`
}

// Source is the source of a submitted user message: an ordinary user
// message with the correlation beside its kind. The harness's transport
// adds rpcId beside them when it admits the message (the SDK does, from
// the id a Submit's context carries; see tasksurface.MessageSource); the
// plugin and the fold read neither.
type Source struct {
	// Kind is always "user", so the message renders as a user bubble.
	Kind string `json:"kind"`
	// TaskSurface is the correlation.
	TaskSurface *Correlation `json:"taskSurface,omitempty"`
}

// CorrelationOf returns the correlation in a message source, or nil when
// the source carries none or a version this package does not know.
func CorrelationOf(source json.RawMessage) *Correlation {
	if len(source) == 0 {
		return nil
	}
	var s struct {
		Kind        string          `json:"kind"`
		TaskSurface json.RawMessage `json:"taskSurface"`
	}
	if json.Unmarshal(source, &s) != nil || len(s.TaskSurface) == 0 {
		return nil
	}
	var c Correlation
	if json.Unmarshal(s.TaskSurface, &c) != nil || c.Version != SourceVersion || c.SurfaceID == "" {
		return nil
	}
	return &c
}
