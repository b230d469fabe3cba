package tasksurface

import "errors"

// ErrInvalidRequest is the error (wrapped) of a request a host should not
// have sent: a snapshot without its projection view, a view that is not
// the fold's view. It is a bug of the host, not a problem a person can fix,
// and travels as gRPC InvalidArgument; the SDK's client returns it wrapped
// in an error whose text names the field.
var ErrInvalidRequest = errors.New("invalid request")

// RequestError is an invalid request: Pointer is a JSON Pointer to the
// field of the request at fault ("/snapshot/projection/active"), Message
// says what is wrong in the contract's words, naming no type of the
// plugin's code.
type RequestError struct {
	Pointer string
	Message string
}

// Error returns "invalid request at <pointer>: <message>".
func (e *RequestError) Error() string {
	return "invalid request at " + e.Pointer + ": " + e.Message
}

// Unwrap returns ErrInvalidRequest.
func (e *RequestError) Unwrap() error { return ErrInvalidRequest }
