// The names Task Surface writes into a session log and reads back, the twin of plugin/wire
// (names.go). What the plugin declares at run time (tool, projection and command) comes from its
// Describe; these are the spellings the fold twin and the host's own log writes use, held equal to
// Go's by the vectors in tests/conformance/folds.

/** The model-facing tool whose results open a surface (wire.ToolName). */
export const TOOL_NAME = 'show_task_surface'
/** The slash command, without its slash, that records a dismissal (wire.CommandName). */
export const COMMAND_NAME = 'task-surface'
/** The command's dismissal verb (wire.CommandDismiss). */
export const COMMAND_DISMISS = 'dismiss'
/** The tag of a tool result's presentation metadata (wire.MetaKind). */
export const META_KIND = 'dsh/task-surface'
/** The version of the presentation metadata (wire.MetaVersion). */
export const META_VERSION = 1
/** The key under a user message's source that carries the correlation (wire.SourceKey). */
export const SOURCE_KEY = 'taskSurface'
/** The version of the correlation (wire.SourceVersion). */
export const SOURCE_VERSION = 1

/** The session event types the fold and the adapter read (wire.EventToolCall and its siblings). */
export const EVENT_TOOL_CALL = 'tool/call'
export const EVENT_TOOL_RESULT = 'tool/result'
export const EVENT_USER_MESSAGE = 'user/message'
export const EVENT_COMMAND_RUN = 'command/run'
export const EVENT_COMMAND_DONE = 'command/done'
