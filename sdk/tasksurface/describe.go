package tasksurface

import "encoding/json"

// Description is what a plugin declares for the host to register. The host
// registers what is declared and hard-codes none of it.
type Description struct {
	// APIVersion is the "MAJOR.MINOR" contract version the plugin speaks.
	APIVersion string `json:"apiVersion,omitempty"`
	// PluginVersion is the plugin's own release version.
	PluginVersion string `json:"pluginVersion,omitempty"`
	// Tool is the model-facing tool.
	Tool ToolDeclaration `json:"tool,omitempty"`
	// Projection is the session projection unit the host folds.
	Projection ProjectionDeclaration `json:"projection,omitempty"`
	// Command is the slash command that records dismissals.
	Command CommandDeclaration `json:"command,omitempty"`
	// QueueHooks says which queue outcomes to report and which queue actions
	// the plugin vetoes.
	QueueHooks QueueHooksDeclaration `json:"queueHooks,omitempty"`
	// DefaultLimits are the limits the plugin applies when the host sets
	// none.
	DefaultLimits Limits `json:"defaultLimits,omitempty"`
	// MaxMessageBytes is the largest gRPC message the plugin accepts.
	MaxMessageBytes uint32 `json:"maxMessageBytes,omitempty"`
}

// ToolDeclaration describes the model-facing tool.
type ToolDeclaration struct {
	// Name is the tool name the model calls.
	Name string `json:"name,omitempty"`
	// Description is the tool description the model reads.
	Description string `json:"description,omitempty"`
	// ParametersSchema is the JSON Schema of the arguments, byte-identical on
	// every call so the prompt prefix never changes.
	ParametersSchema json.RawMessage `json:"parametersSchema,omitempty"`
	// OutputSchema is the JSON Schema of the canonical value.
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	// Exclusive means the call is an ordering barrier.
	Exclusive bool `json:"exclusive,omitempty"`
	// Modes lists the tool presentation modes the tool may be offered in.
	Modes []Mode `json:"modes,omitempty"`
	// ConcludesTurn means a successful call ends the agent's turn.
	ConcludesTurn bool `json:"concludesTurn,omitempty"`
}

// ProjectionDeclaration describes the session projection unit.
type ProjectionDeclaration struct {
	// Key is the projection key ("taskSurface").
	Key string `json:"key,omitempty"`
	// StateVersion invalidates persisted projection caches when it changes.
	StateVersion uint32 `json:"stateVersion,omitempty"`
	// EventTypes lists the session event types the fold reads.
	EventTypes []string `json:"eventTypes,omitempty"`
}

// CommandDeclaration describes the slash command.
type CommandDeclaration struct {
	// Name is the command without its slash.
	Name string `json:"name,omitempty"`
	// Description is the command's help text.
	Description string `json:"description,omitempty"`
	// Subcommands lists the verbs the command accepts.
	Subcommands []string `json:"subcommands,omitempty"`
}

// QueueHooksDeclaration describes the plugin's interest in the queue.
type QueueHooksDeclaration struct {
	// Veto lists the queue actions the plugin refuses for its messages.
	Veto []QueueAction `json:"veto,omitempty"`
	// SourceKey is the key under a message's source that marks the plugin's
	// messages.
	SourceKey string `json:"sourceKey,omitempty"`
}
