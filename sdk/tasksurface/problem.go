package tasksurface

import (
	"fmt"
	"maps"
)

// Problem is one finding about a model, a submission or a request, meant for
// the model or the user who can fix it.
type Problem struct {
	// Code is a stable, machine-readable kebab-case code, one of Codes.
	Code Code `json:"code"`
	// Message says what is wrong and how to fix it, in one sentence.
	Message string `json:"message"`
	// Pointer is a JSON Pointer (RFC 6901) into the document the problem is
	// about; "" is the document root.
	Pointer string `json:"pointer"`
	// Rule is, for a submitted value that breaks a rule of its field, the
	// rule (one of Rules), with which Message is worded in the locale the
	// Check or Submit request asked for (or a client words it itself from
	// Rule and Params); "" for every other problem.
	Rule Rule `json:"rule,omitempty"`
	// Params are the rule's parameters, keyed by Params' words, every value
	// text (see Param); nil without a Rule.
	Params map[Param]string `json:"params,omitempty"`
}

// Equal reports whether p and q are the same problem: every field alike.
func (p Problem) Equal(q Problem) bool {
	return p.Code == q.Code && p.Message == q.Message && p.Pointer == q.Pointer && p.Rule == q.Rule && maps.Equal(p.Params, q.Params)
}

// String renders the problem as "pointer: message (code)".
func (p Problem) String() string {
	ptr := p.Pointer
	if ptr == "" {
		ptr = "/"
	}
	return fmt.Sprintf("%s: %s (%s)", ptr, p.Message, p.Code)
}
