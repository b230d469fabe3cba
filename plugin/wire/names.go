package wire

import "github.com/dsh-community/task-surface/sdk/tasksurface"

// Names the plugin declares and the log carries.
const (
	// ToolName is the model-facing tool.
	ToolName = "show_task_surface"
	// ProjectionKey is the session projection unit's key.
	ProjectionKey = "taskSurface"
	// ProjectionStateVersion invalidates persisted projection caches.
	ProjectionStateVersion = 2
	// CommandName is the slash command (without its slash) that records a
	// dismissal.
	CommandName = "task-surface"
	// CommandDismiss is the command's dismissal verb.
	CommandDismiss = tasksurface.DismissVerb
	// MetaKind tags a tool result's presentation metadata.
	MetaKind = tasksurface.MetaKind
	// MetaVersion is the version of the presentation metadata.
	MetaVersion = tasksurface.MetaVersion
	// SourceKey is the key under a user message's source that carries the
	// submission's correlation.
	SourceKey = "taskSurface"
	// SourceVersion is the version of the correlation.
	SourceVersion = tasksurface.CorrelationVersion
)

// Session event types the fold reads.
const (
	// EventToolCall is a tool call.
	EventToolCall = tasksurface.EventToolCall
	// EventToolResult is a tool result.
	EventToolResult = tasksurface.EventToolResult
	// EventUserMessage is a durable user message.
	EventUserMessage = tasksurface.EventUserMessage
	// EventCommandRun starts a slash command.
	EventCommandRun = tasksurface.EventCommandRun
	// EventCommandDone settles a slash command.
	EventCommandDone = tasksurface.EventCommandDone
)

// EventTypes lists the session event types the fold reads, in a fixed
// order.
var EventTypes = []string{EventToolCall, EventToolResult, EventUserMessage, EventCommandRun, EventCommandDone}
