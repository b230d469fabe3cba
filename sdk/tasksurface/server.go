package tasksurface

import "context"

// Server is what a Task Surface plugin implements. The SDK serves it over
// go-plugin (see package tsplugin) and hosts reach it through the same
// interface (see package tshost). Every method takes a context first; a
// returned error means a bug or a transport failure, never a problem with
// the caller's input, which travels in the response.
//
// The plugin decides and the host acts: no method calls back into the
// host. A request carries what the plugin needs (a Snapshot), an answer
// carries the decision (an Admission, a DismissalRecord) with the
// snapshot's state token, and the host carries it out only while its state
// still has that token. Every answer is a function of its request: the
// plugin keeps no record of a decision.
type Server interface {
	// Describe returns what the host must register.
	Describe(ctx context.Context) (*Description, error)
	// Configure hands the plugin its limits.
	Configure(ctx context.Context, req *ConfigureRequest) (*ConfigureResponse, error)
	// Show executes show_task_surface.
	Show(ctx context.Context, req *ShowRequest) (*ShowResponse, error)
	// GetActive returns the open surface of a session.
	GetActive(ctx context.Context, req *GetActiveRequest) (*GetActiveResponse, error)
	// Check judges the answers of the open surface without sending them.
	Check(ctx context.Context, req *CheckRequest) (*CheckResponse, error)
	// Submit validates and formats a submission and decides whether the
	// host admits it (SubmitResponse.Admit).
	Submit(ctx context.Context, req *SubmitRequest) (*SubmitResponse, error)
	// Dismiss decides whether the host records a dismissal
	// (DismissResponse.Record).
	Dismiss(ctx context.Context, req *DismissRequest) (*DismissResponse, error)
	// CheckQueueAction allows or refuses a queue action.
	CheckQueueAction(ctx context.Context, req *QueueActionRequest) (*QueueActionResponse, error)
	// Fold applies session events to projection state.
	Fold(ctx context.Context, req *FoldRequest) (*FoldResponse, error)
	// Validate parses a model without opening a surface.
	Validate(ctx context.Context, req *ValidateRequest) (*ValidateResponse, error)
}
