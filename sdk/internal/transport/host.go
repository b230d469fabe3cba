package transport

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"

	"github.com/dsh-community/task-surface/sdk/internal/fromproto"
	"github.com/dsh-community/task-surface/sdk/internal/toproto"
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// hostServer adapts a tasksurface.Host to the generated gRPC service; the
// host serves it over the broker.
type hostServer struct {
	tsproto1.UnimplementedHostServer

	impl tasksurface.Host
	errs *hostErrors
}

func (s *hostServer) ReadToolResult(ctx context.Context, req *tsproto1.ReadToolResultRequest) (*tsproto1.ReadToolResultResponse, error) {
	out, err := s.impl.ReadToolResult(ctx, fromproto.ReadToolResultRequest(req))
	if err != nil {
		return nil, s.errs.keep("ReadToolResult", err)
	}
	return toproto.ReadToolResultResponse(out), nil
}

func (s *hostServer) ReadProjection(ctx context.Context, req *tsproto1.ReadProjectionRequest) (*tsproto1.ReadProjectionResponse, error) {
	out, err := s.impl.ReadProjection(ctx, fromproto.ReadProjectionRequest(req))
	if err != nil {
		return nil, s.errs.keep("ReadProjection", err)
	}
	return toproto.ReadProjectionResponse(out), nil
}

func (s *hostServer) AdmitUserMessage(ctx context.Context, req *tsproto1.AdmitUserMessageRequest) (*tsproto1.AdmitUserMessageResponse, error) {
	ctx = receiveRpcID(ctx)
	in := fromproto.AdmitUserMessageRequest(req)
	if id, ok := tasksurface.RpcIDFromContext(ctx); ok {
		// The note's source of a submission: {kind, rpcId, taskSurface}.
		in.Source = tasksurface.WithRpcID(in.Source, id)
	}
	out, err := s.impl.AdmitUserMessage(ctx, in)
	if err != nil {
		return nil, s.errs.keep("AdmitUserMessage", err)
	}
	return toproto.AdmitUserMessageResponse(out), nil
}

func (s *hostServer) RecordDismissal(ctx context.Context, req *tsproto1.RecordDismissalRequest) (*tsproto1.RecordDismissalResponse, error) {
	out, err := s.impl.RecordDismissal(ctx, fromproto.RecordDismissalRequest(req))
	if err != nil {
		return nil, s.errs.keep("RecordDismissal", err)
	}
	return toproto.RecordDismissalResponse(out), nil
}

func (s *hostServer) ListInFlight(ctx context.Context, req *tsproto1.ListInFlightRequest) (*tsproto1.ListInFlightResponse, error) {
	out, err := s.impl.ListInFlight(ctx, fromproto.ListInFlightRequest(req))
	if err != nil {
		return nil, s.errs.keep("ListInFlight", err)
	}
	return toproto.ListInFlightResponse(out), nil
}

// hostClient is the plugin side of the host's services. Its connection is
// dialled in the background shortly after the call that named it has
// answered, or at the first call to a host service if that comes sooner;
// calls wait for it.
type hostClient struct {
	broker *plugin.GRPCBroker
	id     uint32
	logger hclog.Logger

	start sync.Once
	ready chan struct{}
	rpc   tsproto1.HostClient
	err   error
}

// dialHostAfter returns the host's services on a broker id, dialled
// hostDialDelay after ctx, the context of the Configure call that named it,
// has ended, or at the first call to a host service if that comes sooner.
// The broker forgets a connection offer 5 seconds after it arrived, so ctx
// must end soon.
func dialHostAfter(ctx context.Context, broker *plugin.GRPCBroker, id uint32, logger hclog.Logger) *hostClient {
	c := &hostClient{broker: broker, id: id, logger: logger, ready: make(chan struct{})}
	if ctx.Done() == nil {
		c.dial()
		return c
	}
	context.AfterFunc(ctx, func() { time.AfterFunc(hostDialDelay, c.dial) })
	return c
}

// hostDialDelay is how long after Configure's call has ended the plugin
// dials the host's services. The call's answer is queued, not yet written,
// when its context ends, and gRPC's writer yields once before it writes a
// small answer: a dial started at once ran first, and its TLS handshake
// (milliseconds of processor time on each side) held the answer back.
const hostDialDelay = time.Millisecond

// dial starts the connection once; ready closes when it is made or failed.
func (c *hostClient) dial() {
	c.start.Do(func() { go c.connect() })
}

func (c *hostClient) connect() {
	defer close(c.ready)
	conn, err := c.broker.Dial(c.id)
	if err != nil {
		c.err = fmt.Errorf("dial host services on broker id %d: %w", c.id, err)
		c.logger.Error("cannot reach host services", "broker_id", c.id, "error", err)
		return
	}
	c.logger.Debug("connected to host services", "broker_id", c.id)
	c.rpc = tsproto1.NewHostClient(conn)
}

// client waits for the connection, dialling it now if it has not started,
// or for ctx.
func (c *hostClient) client(ctx context.Context) (tsproto1.HostClient, error) {
	c.dial()
	select {
	case <-c.ready:
		return c.rpc, c.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

var _ tasksurface.Host = (*hostClient)(nil)

func (c *hostClient) ReadToolResult(ctx context.Context, req *tasksurface.ReadToolResultRequest) (*tasksurface.ReadToolResultResponse, error) {
	rpc, err := c.client(ctx)
	if err != nil {
		return nil, err
	}
	out, err := rpc.ReadToolResult(ctx, toproto.ReadToolResultRequest(req), CallOptions()...)
	if err != nil {
		return nil, plainHostFailure("ReadToolResult", err)
	}
	return fromproto.ReadToolResultResponse(out), nil
}

func (c *hostClient) ReadProjection(ctx context.Context, req *tasksurface.ReadProjectionRequest) (*tasksurface.ReadProjectionResponse, error) {
	rpc, err := c.client(ctx)
	if err != nil {
		return nil, err
	}
	out, err := rpc.ReadProjection(ctx, toproto.ReadProjectionRequest(req), CallOptions()...)
	if err != nil {
		return nil, plainHostFailure("ReadProjection", err)
	}
	return fromproto.ReadProjectionResponse(out), nil
}

func (c *hostClient) AdmitUserMessage(ctx context.Context, req *tasksurface.AdmitUserMessageRequest) (*tasksurface.AdmitUserMessageResponse, error) {
	rpc, err := c.client(ctx)
	if err != nil {
		return nil, err
	}
	out, err := rpc.AdmitUserMessage(sendRpcID(ctx), toproto.AdmitUserMessageRequest(req), CallOptions()...)
	if err != nil {
		return nil, plainHostFailure("AdmitUserMessage", err)
	}
	return fromproto.AdmitUserMessageResponse(out), nil
}

func (c *hostClient) RecordDismissal(ctx context.Context, req *tasksurface.RecordDismissalRequest) (*tasksurface.RecordDismissalResponse, error) {
	rpc, err := c.client(ctx)
	if err != nil {
		return nil, err
	}
	out, err := rpc.RecordDismissal(ctx, toproto.RecordDismissalRequest(req), CallOptions()...)
	if err != nil {
		return nil, plainHostFailure("RecordDismissal", err)
	}
	return fromproto.RecordDismissalResponse(out), nil
}

func (c *hostClient) ListInFlight(ctx context.Context, req *tasksurface.ListInFlightRequest) (*tasksurface.ListInFlightResponse, error) {
	rpc, err := c.client(ctx)
	if err != nil {
		return nil, err
	}
	out, err := rpc.ListInFlight(ctx, toproto.ListInFlightRequest(req), CallOptions()...)
	if err != nil {
		return nil, plainHostFailure("ListInFlight", err)
	}
	return fromproto.ListInFlightResponse(out), nil
}
