package tasksurface

// The names a Task Surface plugin declares (Describe) and a session log
// carries. tools/contractgen writes them, with the words, into the host
// shim and the browser client, so no JavaScript file keeps its own copy.
const (
	// ToolName is the model-facing tool whose successful results open a
	// surface.
	ToolName = "show_task_surface"
	// ProjectionKey is the session projection unit's key.
	ProjectionKey = "taskSurface"
	// ProjectionStateVersion invalidates persisted projection caches when
	// the fold's state changes shape.
	ProjectionStateVersion = 2
	// CommandName is the slash command (without its slash) whose run
	// records a dismissal.
	CommandName = "task-surface"
	// SourceKey is the key under a user message's source that carries the
	// submission's correlation.
	SourceKey = "taskSurface"
)
