package tasksurface

import "encoding/json"

// ShowErrorCode says why a show_task_surface call opened nothing: the
// ErrorCode of a ShowResponse and the Code of the failed call's ToolError.
// The plugin answers with one of the Show* codes; a harness that fails a
// call before the plugin answers (a transport failure, say) may use a code
// of its own.
type ShowErrorCode string

// Error codes of a failed Show.
const (
	// ShowInvalidModel means the arguments are not a valid model.
	ShowInvalidModel ShowErrorCode = "invalid-model"
	// ShowSurfaceOpen means the session already has an open surface.
	ShowSurfaceOpen ShowErrorCode = "surface-open"
	// ShowNestedCall means the call was made from inside another call.
	ShowNestedCall ShowErrorCode = "nested-call"
	// ShowUnsupportedMode means the call arrived in a mode the tool is not
	// offered in.
	ShowUnsupportedMode ShowErrorCode = "unsupported-mode"
)

// ShowRequest executes show_task_surface.
type ShowRequest struct {
	// SessionID is the calling session.
	SessionID SessionID `json:"sessionId,omitempty"`
	// CallID is the tool call's id.
	CallID CallID `json:"callId,omitempty"`
	// ParentCallID is set when the call is nested (made from code mode).
	ParentCallID CallID `json:"parentCallId,omitempty"`
	// Arguments is the raw tool arguments.
	Arguments json.RawMessage `json:"arguments,omitempty"`
	// Projection is the session's current projection view.
	Projection json.RawMessage `json:"projection,omitempty"`
	// Mode is the presentation mode the call arrived in.
	Mode Mode `json:"mode,omitempty"`
	// OmitMeta tells the plugin that the caller does not need Meta in the
	// answer: it derives it from Value (MetaFromValue). A plugin may leave
	// Meta empty then; the SDK's server drops it from the wire either way.
	// The SDK's client asks for it on every call and fills Meta in, so a
	// harness using tshost always gets Meta, unless it sets OmitMeta
	// itself: then the answer comes without Meta, and NewToolResult
	// derives it when the harness writes the result, after the call (as
	// dsh does); for a large model that keeps a second copy of the value
	// out of the call's round trip. Since contract 1.1.
	OmitMeta bool `json:"omitMeta,omitempty"`
}

// ShowResponse is the outcome of show_task_surface.
type ShowResponse struct {
	// OK is true when a surface opened.
	OK bool `json:"ok,omitempty"`
	// Value is the canonical value {surfaceId, model, markdown}.
	Value json.RawMessage `json:"value,omitempty"`
	// ErrorCode is one of the Show* codes when OK is false.
	ErrorCode ShowErrorCode `json:"errorCode,omitempty"`
	// ErrorText is the model-facing text of a failed call: what to fix.
	ErrorText string `json:"errorText,omitempty"`
	// Problems lists what is wrong with the arguments, with pointers.
	Problems []Problem `json:"problems,omitempty"`
	// Text is the model-facing text of a successful call, a pure function
	// of Value.
	Text string `json:"text,omitempty"`
	// Meta is the presentation metadata the host persists on the tool
	// result, a pure function of Value (see MetaFromValue).
	Meta json.RawMessage `json:"meta,omitempty"`
	// SurfaceID is the surface a successful call opened (Value's
	// surfaceId); the SDK fills it in from Value when a plugin left it out.
	SurfaceID SurfaceID `json:"surfaceId,omitempty"`
}

// surfaceOf returns the surfaceId of a canonical value, or "".
func surfaceOf(value json.RawMessage) SurfaceID {
	var v struct {
		SurfaceID SurfaceID `json:"surfaceId"`
	}
	if json.Unmarshal(value, &v) != nil {
		return ""
	}
	return v.SurfaceID
}

// WithSurfaceID returns r with SurfaceID set from Value when it is empty
// and the call succeeded.
func (r *ShowResponse) WithSurfaceID() *ShowResponse {
	if r != nil && r.OK && r.SurfaceID == "" {
		r.SurfaceID = surfaceOf(r.Value)
	}
	return r
}
