package tasksurface

import "fmt"

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
}

// String renders the problem as "pointer: message (code)".
func (p Problem) String() string {
	ptr := p.Pointer
	if ptr == "" {
		ptr = "/"
	}
	return fmt.Sprintf("%s: %s (%s)", ptr, p.Message, p.Code)
}
