package tshost

import (
	"context"
	"errors"
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ErrUnavailable is returned (wrapped) by every call of a Plugin or a
// Supervisor that fails because the plugin process is not there to answer:
// the call it died during, every call after its exit, and, for a
// Supervisor, every call until the restart completes. The wrapped error
// keeps the transport's own words beside it. A call that fails for any
// other reason (the caller's context, a message over the size limit, a bug)
// returns that error as it is.
var ErrUnavailable = errors.New("the Task Surface plugin is not running (it exited; a Supervisor restarts it); try again in a moment")

// ErrInvalidRequest is returned (wrapped) by a call the plugin refused as
// malformed (gRPC InvalidArgument): a bug of the host, such as a snapshot
// whose projection view is not the fold's view. The error's text names the
// field by its JSON Pointer in the request. It is
// tasksurface.ErrInvalidRequest.
var ErrInvalidRequest = tasksurface.ErrInvalidRequest

var _ tasksurface.Server = (*Plugin)(nil)

// call runs one call of the plugin's client: at once ErrUnavailable when
// the process is known to have ended, else the call, with a failure that
// comes from the process being gone wrapped in ErrUnavailable.
func call[Req, Resp any](ctx context.Context, p *Plugin, f func(context.Context, Req) (Resp, error), req Req) (Resp, error) {
	if p.gone() {
		var zero Resp
		return zero, fmt.Errorf("tshost: plugin %d: %w", p.pid, ErrUnavailable)
	}
	resp, err := f(ctx, req)
	if err != nil {
		return resp, p.unavailable(err)
	}
	return resp, nil
}

// gone reports whether the process has ended, as far as go-plugin knows.
func (p *Plugin) gone() bool {
	select {
	case <-p.exited:
		return true
	default:
		return p.client.Exited()
	}
}

// unavailable wraps err in ErrUnavailable when it says the connection is
// down (gRPC's Unavailable: the process died during the call, or is not
// listening any more), or when the process has ended (its connection was
// closed under the call).
func (p *Plugin) unavailable(err error) error {
	if status.Code(err) == codes.Unavailable || p.gone() {
		return fmt.Errorf("tshost: plugin %d: %w (%w)", p.pid, ErrUnavailable, err)
	}
	return err
}

// Describe returns what the plugin declares.
func (p *Plugin) Describe(ctx context.Context) (*tasksurface.Description, error) {
	return call(ctx, p, func(ctx context.Context, _ struct{}) (*tasksurface.Description, error) {
		return p.rpc.Describe(ctx)
	}, struct{}{})
}

// Configure hands the plugin its limits.
func (p *Plugin) Configure(ctx context.Context, req *tasksurface.ConfigureRequest) (*tasksurface.ConfigureResponse, error) {
	return call(ctx, p, p.rpc.Configure, req)
}

// Show executes show_task_surface.
func (p *Plugin) Show(ctx context.Context, req *tasksurface.ShowRequest) (*tasksurface.ShowResponse, error) {
	return call(ctx, p, p.rpc.Show, req)
}

// GetActive returns the open surface of a session.
func (p *Plugin) GetActive(ctx context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error) {
	return call(ctx, p, p.rpc.GetActive, req)
}

// Check judges the answers of the open surface without sending them.
func (p *Plugin) Check(ctx context.Context, req *tasksurface.CheckRequest) (*tasksurface.CheckResponse, error) {
	return call(ctx, p, p.rpc.Check, req)
}

// Submit decides a submission.
func (p *Plugin) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	return call(ctx, p, p.rpc.Submit, req)
}

// Dismiss decides a dismissal.
func (p *Plugin) Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	return call(ctx, p, p.rpc.Dismiss, req)
}

// CheckQueueAction asks whether a queue action may proceed.
func (p *Plugin) CheckQueueAction(ctx context.Context, req *tasksurface.QueueActionRequest) (*tasksurface.QueueActionResponse, error) {
	return call(ctx, p, p.rpc.CheckQueueAction, req)
}

// Fold applies session events to projection state.
func (p *Plugin) Fold(ctx context.Context, req *tasksurface.FoldRequest) (*tasksurface.FoldResponse, error) {
	return call(ctx, p, p.rpc.Fold, req)
}

// Validate parses a model without opening a surface.
func (p *Plugin) Validate(ctx context.Context, req *tasksurface.ValidateRequest) (*tasksurface.ValidateResponse, error) {
	return call(ctx, p, p.rpc.Validate, req)
}

// Echo sends payload to the plugin's transport diagnostic and returns what
// came back; it measures the connection with no domain work.
func (p *Plugin) Echo(ctx context.Context, payload []byte) ([]byte, error) {
	return call(ctx, p, p.rpc.Echo, payload)
}
