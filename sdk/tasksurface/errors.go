package tasksurface

import "fmt"

// HostError is a failure of the harness's own Host: a Host method returned
// an error while the plugin was serving a request. A call on the plugin
// (through tshost) that failed because of it returns a *HostError that
// unwraps to the error the harness returned, so errors.Is and errors.As
// match the harness's own errors across the two processes.
type HostError struct {
	// Method is the Host method that failed, such as "AdmitUserMessage".
	Method string
	// Err is the error the harness's Host returned.
	Err error
}

// Error says which Host method failed and why, once.
func (e *HostError) Error() string {
	return fmt.Sprintf("the harness's Host.%s failed: %v", e.Method, e.Err)
}

// Unwrap returns the harness's own error.
func (e *HostError) Unwrap() error { return e.Err }
