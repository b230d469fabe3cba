package transport

import (
	"context"

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
}

func (s *hostServer) ReadToolResult(ctx context.Context, req *tsproto1.ReadToolResultRequest) (*tsproto1.ReadToolResultResponse, error) {
	out, err := s.impl.ReadToolResult(ctx, fromproto.ReadToolResultRequest(req))
	if err != nil {
		return nil, err
	}
	return toproto.ReadToolResultResponse(out), nil
}

func (s *hostServer) ReadProjection(ctx context.Context, req *tsproto1.ReadProjectionRequest) (*tsproto1.ReadProjectionResponse, error) {
	out, err := s.impl.ReadProjection(ctx, fromproto.ReadProjectionRequest(req))
	if err != nil {
		return nil, err
	}
	return toproto.ReadProjectionResponse(out), nil
}

func (s *hostServer) AdmitUserMessage(ctx context.Context, req *tsproto1.AdmitUserMessageRequest) (*tsproto1.AdmitUserMessageResponse, error) {
	out, err := s.impl.AdmitUserMessage(ctx, fromproto.AdmitUserMessageRequest(req))
	if err != nil {
		return nil, err
	}
	return toproto.AdmitUserMessageResponse(out), nil
}

func (s *hostServer) RecordDismissal(ctx context.Context, req *tsproto1.RecordDismissalRequest) (*tsproto1.RecordDismissalResponse, error) {
	out, err := s.impl.RecordDismissal(ctx, fromproto.RecordDismissalRequest(req))
	if err != nil {
		return nil, err
	}
	return toproto.RecordDismissalResponse(out), nil
}

func (s *hostServer) ListInFlight(ctx context.Context, req *tsproto1.ListInFlightRequest) (*tsproto1.ListInFlightResponse, error) {
	out, err := s.impl.ListInFlight(ctx, fromproto.ListInFlightRequest(req))
	if err != nil {
		return nil, err
	}
	return toproto.ListInFlightResponse(out), nil
}

// hostClient is the plugin side of the host's services.
type hostClient struct {
	rpc tsproto1.HostClient
}

var _ tasksurface.Host = (*hostClient)(nil)

func (c *hostClient) ReadToolResult(ctx context.Context, req *tasksurface.ReadToolResultRequest) (*tasksurface.ReadToolResultResponse, error) {
	out, err := c.rpc.ReadToolResult(ctx, toproto.ReadToolResultRequest(req), CallOptions()...)
	if err != nil {
		return nil, err
	}
	return fromproto.ReadToolResultResponse(out), nil
}

func (c *hostClient) ReadProjection(ctx context.Context, req *tasksurface.ReadProjectionRequest) (*tasksurface.ReadProjectionResponse, error) {
	out, err := c.rpc.ReadProjection(ctx, toproto.ReadProjectionRequest(req), CallOptions()...)
	if err != nil {
		return nil, err
	}
	return fromproto.ReadProjectionResponse(out), nil
}

func (c *hostClient) AdmitUserMessage(ctx context.Context, req *tasksurface.AdmitUserMessageRequest) (*tasksurface.AdmitUserMessageResponse, error) {
	out, err := c.rpc.AdmitUserMessage(ctx, toproto.AdmitUserMessageRequest(req), CallOptions()...)
	if err != nil {
		return nil, err
	}
	return fromproto.AdmitUserMessageResponse(out), nil
}

func (c *hostClient) RecordDismissal(ctx context.Context, req *tasksurface.RecordDismissalRequest) (*tasksurface.RecordDismissalResponse, error) {
	out, err := c.rpc.RecordDismissal(ctx, toproto.RecordDismissalRequest(req), CallOptions()...)
	if err != nil {
		return nil, err
	}
	return fromproto.RecordDismissalResponse(out), nil
}

func (c *hostClient) ListInFlight(ctx context.Context, req *tasksurface.ListInFlightRequest) (*tasksurface.ListInFlightResponse, error) {
	out, err := c.rpc.ListInFlight(ctx, toproto.ListInFlightRequest(req), CallOptions()...)
	if err != nil {
		return nil, err
	}
	return fromproto.ListInFlightResponse(out), nil
}
