package tasksurface

import (
	"bytes"
	"encoding/json"
	"strings"
)

// ToolCall is the payload of a tool/call event: the model called a tool.
// The fold remembers calls of the plugin's tool until their result.
type ToolCall struct {
	// Turn is the harness's turn number; the fold ignores it.
	Turn int `json:"turn"`
	// Step is the harness's step number within the turn; the fold ignores
	// it.
	Step int `json:"step"`
	// CallID is the call's id, the same as ShowRequest.CallID.
	CallID CallID `json:"callId"`
	// Name is the tool's name (Description.Tool.Name).
	Name string `json:"name"`
	// Arguments is the raw tool arguments as a JSON string.
	Arguments string `json:"arguments"`
	// ParentCallID is set for a call made from inside another call.
	ParentCallID CallID `json:"parentCallId,omitempty"`
}

// EventType returns EventToolCall.
func (ToolCall) EventType() string { return EventToolCall }

// NewToolCall returns the tool/call payload of a call of the plugin's tool.
func NewToolCall(callID CallID, toolName string, arguments json.RawMessage, parentCallID CallID) ToolCall {
	return ToolCall{CallID: callID, Name: toolName, Arguments: string(arguments), ParentCallID: parentCallID}
}

// ToolResult is the payload of a tool/result event. A successful result of
// the plugin's tool with Meta opens a surface; Meta is the only place the
// model of the surface is kept.
type ToolResult struct {
	// Turn is the harness's turn number; the fold ignores it.
	Turn int `json:"turn"`
	// Step is the harness's step number; the fold ignores it.
	Step int `json:"step"`
	// Message is the result as the model reads it.
	Message ToolResultMessage `json:"message"`
	// Error is set for a failed call; a result with an error opens nothing.
	Error *ToolError `json:"error,omitempty"`
	// Meta is ShowResponse.Meta of a successful top-level call.
	Meta json.RawMessage `json:"meta,omitempty"`
}

// EventType returns EventToolResult.
func (ToolResult) EventType() string { return EventToolResult }

// ToolResultMessage is the message of a tool result.
type ToolResultMessage struct {
	// ID is the message's id.
	ID string `json:"id"`
	// Role is "user", as tool results are sent to the model.
	Role string `json:"role"`
	// Source names the call the result answers.
	Source ToolSource `json:"source"`
	// Content is the result's content: one tool-result block.
	Content []ToolResultContent `json:"content"`
}

// ToolSource is the source of a tool result message.
type ToolSource struct {
	// Kind is "tool".
	Kind string `json:"kind"`
	// CallID is the call the result answers; the fold matches results to
	// calls by it.
	CallID CallID `json:"callId"`
}

// ToolResultContent is one tool-result content block.
type ToolResultContent struct {
	// Type is "tool-result".
	Type string `json:"type"`
	// ToolCallID is the call the block answers.
	ToolCallID CallID `json:"toolCallId"`
	// Content is the text the model reads.
	Content []TextContent `json:"content"`
	// IsError is true for a failed call; such a result opens nothing.
	IsError bool `json:"isError"`
}

// ToolError is the error of a failed tool call.
type ToolError struct {
	// Name is the error's class, such as "ToolError".
	Name string `json:"name"`
	// Code is the plugin's ShowResponse.ErrorCode, or the harness's own.
	Code ShowErrorCode `json:"code"`
}

// TextContent is one text content block.
type TextContent struct {
	// Type is "text".
	Type string `json:"type"`
	// Text is the text.
	Text string `json:"text"`
}

// NewToolResult returns the tool/result payload of a call answered by
// resp: its Text (or ErrorText) as the model's text, and Meta on a
// successful call, which is what opens the surface. An answer without Meta
// (a call made with ShowRequest.OmitMeta) gets the metadata derived from
// its Value (MetaFromValue), so a harness may leave that work out of the
// call and have it done here, when it writes the result; a Value it cannot
// be derived from leaves Meta out, and the surface does not open.
func NewToolResult(callID CallID, resp *ShowResponse) ToolResult {
	if resp == nil || !resp.OK {
		var code ShowErrorCode
		var text string
		if resp != nil {
			code, text = resp.ErrorCode, resp.ErrorText
		}
		return NewFailedToolResult(callID, code, text)
	}
	r := toolResult(callID, resp.Text, false)
	r.Meta = resp.Meta
	if len(r.Meta) == 0 {
		r.Meta, _ = MetaFromValue(resp.Value)
	}
	return r
}

// NewFailedToolResult returns the tool/result payload of a call that failed
// with code, such as a transport failure the harness met before the plugin
// answered; text is what the model reads.
func NewFailedToolResult(callID CallID, code ShowErrorCode, text string) ToolResult {
	r := toolResult(callID, text, true)
	r.Error = &ToolError{Name: "ToolError", Code: code}
	return r
}

func toolResult(callID CallID, text string, isError bool) ToolResult {
	return ToolResult{Message: ToolResultMessage{
		ID: string("result-" + callID), Role: "user", Source: ToolSource{Kind: "tool", CallID: callID},
		Content: []ToolResultContent{{Type: "tool-result", ToolCallID: callID, Content: []TextContent{{Type: "text", Text: text}}, IsError: isError}},
	}}
}

// UserMessage is the payload of a user/message event: a durable user
// message. A submission's message carries a MessageSource with its
// correlation and closes the surface it names; an ordinary one (source
// {kind: "user"} without taskSurface) closes the open surface as bypassed.
type UserMessage struct {
	// ID is the message's id; for a submission, the id the plugin minted
	// (Admission.MessageID).
	ID MessageID `json:"id"`
	// Role is "user".
	Role string `json:"role"`
	// Content is the message's text.
	Content []TextContent `json:"content"`
	// Source says where the message came from; keep it as
	// Admission.Source gave it (a host may add members beside them, as
	// WithRpcID does).
	Source json.RawMessage `json:"source"`
}

// EventType returns EventUserMessage.
func (UserMessage) EventType() string { return EventUserMessage }

// Text returns the message's text.
func (m UserMessage) Text() string {
	var b strings.Builder
	for _, c := range m.Content {
		b.WriteString(c.Text)
	}
	return b.String()
}

// NewUserMessage returns a user message with one text block.
func NewUserMessage(id MessageID, text string, source json.RawMessage) UserMessage {
	return UserMessage{ID: id, Role: "user", Content: []TextContent{{Type: "text", Text: text}}, Source: source}
}

// MessageSource is the source of a user message, as the note defines it
// for a submission: {kind: "user", rpcId, taskSurface}. An ordinary typed
// message has no TaskSurface.
type MessageSource struct {
	// Kind is "user", so the message renders as the user's own.
	Kind string `json:"kind"`
	// RpcID is the id of the client request that carried the message,
	// when the harness's transport has one.
	RpcID RpcID `json:"rpcId,omitempty"`
	// TaskSurface is the correlation of a submission.
	TaskSurface *Correlation `json:"taskSurface,omitempty"`
}

// CorrelationVersion is the version of Correlation.
const CorrelationVersion = 1

// Correlation ties a submitted user message to the surface it answers.
type Correlation struct {
	// Version is CorrelationVersion.
	Version int `json:"version"`
	// SubmissionID is the client's id for the attempt.
	SubmissionID SubmissionID `json:"submissionId"`
	// CallID is the show_task_surface call that opened the surface.
	CallID CallID `json:"callId"`
	// SurfaceID is the surface.
	SurfaceID SurfaceID `json:"surfaceId"`
	// Values are the submitted values, a JSON object keyed by field id.
	Values json.RawMessage `json:"values"`
}

// CorrelationOf returns the correlation a message source carries under
// SourceKey, or nil when it carries none. It is the one rule of which user
// message is a submission, which the host shim's twin (correlationOf in
// host-shim/src/wire/source.js) holds to the vectors in
// tests/conformance/correlations: the source is a JSON object whose "kind"
// is a non-empty string and whose "rpcId" is absent, null or a string; its
// member SourceKey is an object whose "version" is the number
// CorrelationVersion, whose "surfaceId" is a non-empty string, and whose
// "submissionId" and "callId" are absent, null or strings. Keys match
// exactly (JavaScript's reading, not encoding/json's case folding); of a
// repeated key the last counts; other members are ignored.
func CorrelationOf(source json.RawMessage) *Correlation {
	src, ok := members(source)
	if !ok {
		return nil
	}
	if kind, ok := optString(src, "kind"); !ok || kind == "" {
		return nil
	}
	if _, ok := optString(src, "rpcId"); !ok {
		return nil
	}
	c, ok := members(src[SourceKey])
	if !ok {
		return nil
	}
	var version float64
	if json.Unmarshal(c["version"], &version) != nil || version != CorrelationVersion {
		return nil
	}
	submissionID, ok1 := optString(c, "submissionId")
	callID, ok2 := optString(c, "callId")
	surfaceID, ok3 := optString(c, "surfaceId")
	if !ok1 || !ok2 || !ok3 || surfaceID == "" {
		return nil
	}
	return &Correlation{Version: CorrelationVersion, SubmissionID: SubmissionID(submissionID), CallID: CallID(callID),
		SurfaceID: SurfaceID(surfaceID), Values: c["values"]}
}

// members splits raw into its members, keys matched exactly, when it is a
// JSON object.
func members(raw json.RawMessage) (map[string]json.RawMessage, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	var m map[string]json.RawMessage
	return m, json.Unmarshal(raw, &m) == nil
}

// optString reads the member key of m when it is absent or null ("", true)
// or a string; ok is false for any other value.
func optString(m map[string]json.RawMessage, key string) (s string, ok bool) {
	raw, present := m[key]
	if !present || string(bytes.TrimSpace(raw)) == "null" {
		return "", true
	}
	return s, json.Unmarshal(raw, &s) == nil
}

// ParseMessageSource reads a message source. It returns false when source
// is not a JSON object with a string kind.
func ParseMessageSource(source json.RawMessage) (MessageSource, bool) {
	var s MessageSource
	if json.Unmarshal(source, &s) != nil || s.Kind == "" {
		return MessageSource{}, false
	}
	return s, true
}

// WithRpcID returns source with rpcId set to id, keeping every other member
// as it was. A harness whose client requests have ids calls it when it
// admits a message, as the note's transport does; a source that is not a
// JSON object is returned unchanged.
func WithRpcID(source json.RawMessage, id RpcID) json.RawMessage {
	if id == "" {
		return source
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(source, &m) != nil || m == nil {
		return source
	}
	raw, err := json.Marshal(id)
	if err != nil {
		return source
	}
	m["rpcId"] = raw
	out, err := json.Marshal(m)
	if err != nil {
		return source
	}
	return out
}

// CommandRun is the payload of a command/run event: a slash command
// started. A dismissal is recorded as the plugin's command with the
// arguments DismissArgs writes.
type CommandRun struct {
	// CommandID is the run's id; its CommandDone names it.
	CommandID string `json:"commandId"`
	// Name is the command without its slash (Description.Command.Name).
	Name string `json:"name"`
	// Args is the command's arguments as one string.
	Args string `json:"args"`
}

// EventType returns EventCommandRun.
func (CommandRun) EventType() string { return EventCommandRun }

// CommandDone is the payload of a command/done event: a slash command
// settled. A dismissal takes effect when its run is done with kind
// CommandSucceeded.
type CommandDone struct {
	// CommandID is the run this settles.
	CommandID string `json:"commandId"`
	// Kind is CommandSucceeded, or the harness's word for a failure.
	Kind CommandKind `json:"kind"`
}

// EventType returns EventCommandDone.
func (CommandDone) EventType() string { return EventCommandDone }

// CommandKind is how a slash command ended: the Kind of a CommandDone.
// CommandSucceeded is the one the fold acts on; a harness may write its own
// word for a failure.
type CommandKind string

// CommandSucceeded is the CommandDone kind of a command that succeeded.
const CommandSucceeded CommandKind = "success"

// DismissVerb is the verb of the plugin's command that records a dismissal.
const DismissVerb = "dismiss"

// DismissArgs returns the arguments of a dismissal command:
// "dismiss <surfaceId> <dismissalId>".
func DismissArgs(surfaceID SurfaceID, dismissalID DismissalID) string {
	return DismissVerb + " " + string(surfaceID) + " " + string(dismissalID)
}

// ParseDismissArgs reads the arguments of a dismissal command:
// "dismiss [<surfaceId> [<dismissalId>]]", split on white space as
// strings.Fields splits. A person typing the command may leave out both
// ids; surfaceID is then "" and means "the open surface". ok is false for
// anything else.
func ParseDismissArgs(args string) (surfaceID SurfaceID, dismissalID DismissalID, ok bool) {
	parts := strings.Fields(args)
	if len(parts) < 1 || len(parts) > 3 || parts[0] != DismissVerb {
		return "", "", false
	}
	if len(parts) >= 2 {
		if !ValidID(parts[1]) {
			return "", "", false
		}
		surfaceID = SurfaceID(parts[1])
	}
	if len(parts) == 3 {
		if !ValidID(parts[2]) {
			return "", "", false
		}
		dismissalID = DismissalID(parts[2])
	}
	return surfaceID, dismissalID, true
}

// NewDismissal returns the two records of a dismissal the plugin decided
// (DismissResponse.Record): a command/run of the plugin's command and its
// successful command/done, both under commandID. Write them in this order;
// the seq of the command/done is the one to report (QueueRecorded).
func NewDismissal(commandID string, rec *DismissalRecord) (CommandRun, CommandDone) {
	return CommandRun{CommandID: commandID, Name: rec.CommandName, Args: rec.CommandArgs},
		CommandDone{CommandID: commandID, Kind: CommandSucceeded}
}
