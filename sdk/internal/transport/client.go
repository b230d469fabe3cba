package transport

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/dsh-community/task-surface/sdk/internal/fromproto"
	"github.com/dsh-community/task-surface/sdk/internal/toproto"
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Client is the host side of the Task Surface service: a tasksurface.Server
// whose methods call the plugin.
type Client struct {
	rpc tsproto3.TaskSurfaceClient
}

var _ tasksurface.Server = (*Client)(nil)

// Describe calls the plugin's Describe.
func (c *Client) Describe(ctx context.Context) (*tasksurface.Description, error) {
	out, err := c.rpc.Describe(ctx, &tsproto3.DescribeRequest{}, CallOptions()...)
	if err != nil {
		return nil, callError(err)
	}
	return fromproto.DescribeResponse(out), nil
}

// Configure calls the plugin's Configure.
func (c *Client) Configure(ctx context.Context, req *tasksurface.ConfigureRequest) (*tasksurface.ConfigureResponse, error) {
	if req == nil {
		return nil, errors.New("configure: nil request")
	}
	out, err := c.rpc.Configure(ctx, toproto.ConfigureRequest(req), CallOptions()...)
	if err != nil {
		return nil, callError(err)
	}
	return fromproto.ConfigureResponse(out), nil
}

// Show calls the plugin's Show. It asks for the answer without Meta, which
// repeats Value, and derives Meta from Value here unless the caller itself
// set OmitMeta: the answer crosses the process boundary at half the size.
func (c *Client) Show(ctx context.Context, req *tasksurface.ShowRequest) (*tasksurface.ShowResponse, error) {
	in := toproto.ShowRequest(req)
	in.OmitMeta = true
	out, err := c.rpc.Show(ctx, in, CallOptions()...)
	if err != nil {
		return nil, callError(err)
	}
	resp := fromproto.ShowResponse(out)
	if resp.OK && len(resp.Meta) == 0 && !req.OmitMeta {
		// A plugin of contract 1.0 sent Meta anyway; a newer one left it out.
		meta, err := tasksurface.MetaFromValue(resp.Value)
		if err != nil {
			return nil, fmt.Errorf("the plugin's Show answered a value the metadata cannot be derived from: %w", err)
		}
		resp.Meta = meta
	}
	return resp, nil
}

// GetActive calls the plugin's GetActive.
func (c *Client) GetActive(ctx context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error) {
	out, err := c.rpc.GetActive(ctx, toproto.GetActiveRequest(req), CallOptions()...)
	if err != nil {
		return nil, callError(err)
	}
	return fromproto.GetActiveResponse(out), nil
}

// Check calls the plugin's Check.
func (c *Client) Check(ctx context.Context, req *tasksurface.CheckRequest) (*tasksurface.CheckResponse, error) {
	out, err := c.rpc.Check(ctx, toproto.CheckRequest(req), CallOptions()...)
	if err != nil {
		return nil, callError(err)
	}
	return fromproto.CheckResponse(out), nil
}

// Submit calls the plugin's Submit.
func (c *Client) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	out, err := c.rpc.Submit(ctx, toproto.SubmitRequest(req), CallOptions()...)
	if err != nil {
		return nil, callError(err)
	}
	return fromproto.SubmitResponse(out), nil
}

// Dismiss calls the plugin's Dismiss.
func (c *Client) Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	out, err := c.rpc.Dismiss(ctx, toproto.DismissRequest(req), CallOptions()...)
	if err != nil {
		return nil, callError(err)
	}
	return fromproto.DismissResponse(out), nil
}

// CheckQueueAction calls the plugin's CheckQueueAction.
func (c *Client) CheckQueueAction(ctx context.Context, req *tasksurface.QueueActionRequest) (*tasksurface.QueueActionResponse, error) {
	out, err := c.rpc.CheckQueueAction(ctx, toproto.QueueActionRequest(req), CallOptions()...)
	if err != nil {
		return nil, callError(err)
	}
	return fromproto.QueueActionResponse(out), nil
}

// Fold calls the plugin's Fold; the answer carries the events it could not
// read.
func (c *Client) Fold(ctx context.Context, req *tasksurface.FoldRequest) (*tasksurface.FoldResponse, error) {
	out, err := c.rpc.Fold(ctx, toproto.FoldRequest(req), CallOptions()...)
	if err != nil {
		return nil, callError(err)
	}
	return fromproto.FoldResponse(out), nil
}

// Validate calls the plugin's Validate.
func (c *Client) Validate(ctx context.Context, req *tasksurface.ValidateRequest) (*tasksurface.ValidateResponse, error) {
	out, err := c.rpc.Validate(ctx, toproto.ValidateRequest(req), CallOptions()...)
	if err != nil {
		return nil, callError(err)
	}
	return fromproto.ValidateResponse(out), nil
}

// Echo sends payload to the plugin and returns what came back: the
// transport's round trip with no domain work.
func (c *Client) Echo(ctx context.Context, payload []byte) ([]byte, error) {
	out, err := c.rpc.Echo(ctx, &tsproto3.EchoMessage{Payload: payload}, CallOptions()...)
	if err != nil {
		return nil, callError(err)
	}
	return out.GetPayload(), nil
}

// callError is err, or, for a gRPC InvalidArgument (a request the plugin
// refused as malformed), an error wrapping tasksurface.ErrInvalidRequest
// with the plugin's words, which name the field.
func callError(err error) error {
	if st, ok := status.FromError(err); ok && st.Code() == codes.InvalidArgument {
		return fmt.Errorf("%w: %s", tasksurface.ErrInvalidRequest, strings.TrimPrefix(st.Message(), "invalid request "))
	}
	return err
}
