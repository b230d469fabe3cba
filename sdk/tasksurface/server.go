package tasksurface

import "context"

// Server is what a Task Surface plugin implements. The SDK serves it over
// go-plugin (see package tsplugin) and hosts reach it through the same
// interface (see package tshost). Every method takes a context first; a
// returned error means a bug or a transport failure, never a problem with
// the caller's input, which travels in the response.
type Server interface {
	// Describe returns what the host must register.
	Describe(ctx context.Context) (*Description, error)
	// Configure hands the plugin its limits and its host.
	Configure(ctx context.Context, req *ConfigureRequest) (*ConfigureResponse, error)
	// Show executes show_task_surface.
	Show(ctx context.Context, req *ShowRequest) (*ShowResponse, error)
	// GetActive returns the open surface of a session.
	GetActive(ctx context.Context, req *GetActiveRequest) (*GetActiveResponse, error)
	// Submit validates, formats and admits a submission.
	Submit(ctx context.Context, req *SubmitRequest) (*SubmitResponse, error)
	// Dismiss records a dismissal.
	Dismiss(ctx context.Context, req *DismissRequest) (*DismissResponse, error)
	// ObserveQueue reports what happened to a queued message.
	ObserveQueue(ctx context.Context, ev *QueueEvent) (*QueueEventResponse, error)
	// CheckQueueAction allows or refuses a queue action.
	CheckQueueAction(ctx context.Context, req *QueueActionRequest) (*QueueActionResponse, error)
	// Fold applies session events to projection state.
	Fold(ctx context.Context, req *FoldRequest) (*FoldResponse, error)
	// Validate parses a model without opening a surface.
	Validate(ctx context.Context, req *ValidateRequest) (*ValidateResponse, error)
}
