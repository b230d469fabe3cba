package transport

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// maxKeptErrors bounds the host errors a connection remembers: enough for
// every plugin request in flight, so a host failure finds its way back.
const maxKeptErrors = 256

// hostErrors remembers the errors the harness's Host returned, so that a
// plugin call failing because of one returns the harness's own error
// (tasksurface.HostError) rather than its text twice over. The plugin
// carries the error's number back in the text of its own failure.
type hostErrors struct {
	mu   sync.Mutex
	next uint64
	kept map[uint64]*tasksurface.HostError
}

func newHostErrors() *hostErrors {
	return &hostErrors{kept: map[uint64]*tasksurface.HostError{}}
}

// hostErrorMark finds the number keep writes into an error's text.
var hostErrorMark = regexp.MustCompile(`\[host-error (\d+)\]`)

// keep remembers a Host method's error and returns what the plugin is told:
// the error's text with its number.
func (h *hostErrors) keep(method string, err error) error {
	if err == nil {
		return nil
	}
	h.mu.Lock()
	h.next++
	id := h.next
	h.kept[id] = &tasksurface.HostError{Method: method, Err: err}
	delete(h.kept, id-maxKeptErrors)
	h.mu.Unlock()
	code := status.Code(err)
	if code == codes.OK || code == codes.Unknown {
		code = codes.Unavailable
	}
	return status.Errorf(code, "%v [host-error %d]", err, id)
}

// recall returns the Host error a plugin failure names, or err unchanged.
func (h *hostErrors) recall(err error) error {
	if err == nil {
		return nil
	}
	m := hostErrorMark.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	id, convErr := strconv.ParseUint(m[1], 10, 64)
	if convErr != nil {
		return err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if he, ok := h.kept[id]; ok {
		return he
	}
	return err
}

// plainHostFailure is what the plugin sees of a failed Host call: the
// host's text once, without the gRPC wrapping, so the plugin's own error
// reads "…: <host's text> [host-error N]".
func plainHostFailure(method string, err error) error {
	if s, ok := status.FromError(err); ok {
		return fmt.Errorf("host %s: %w", method, errors.New(s.Message()))
	}
	return fmt.Errorf("host %s: %w", method, err)
}
