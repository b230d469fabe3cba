package transport

import (
	"context"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"

	"github.com/dsh-community/task-surface/sdk/internal/fromproto"
	"github.com/dsh-community/task-surface/sdk/internal/toproto"
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// server adapts a tasksurface.Server to the generated gRPC service on the
// plugin side.
type server struct {
	tsproto1.UnimplementedTaskSurfaceServer

	impl   tasksurface.Server
	broker *plugin.GRPCBroker
	logger hclog.Logger
}

func (s *server) Describe(ctx context.Context, _ *tsproto1.DescribeRequest) (*tsproto1.DescribeResponse, error) {
	d, err := s.impl.Describe(ctx)
	if err != nil {
		return nil, err
	}
	return toproto.DescribeResponse(d), nil
}

func (s *server) Configure(ctx context.Context, req *tsproto1.ConfigureRequest) (*tsproto1.ConfigureResponse, error) {
	in := fromproto.ConfigureRequest(req)
	if id := req.GetHostBrokerId(); id != 0 {
		// Dial once this call has answered (its context ends then), so
		// Configure answers at once and the dial's handshake does not
		// compete with the answer; the first call to a host service waits
		// for the connection.
		in.Host = dialHostAfter(ctx, s.broker, id, s.logger)
	}
	out, err := s.impl.Configure(ctx, in)
	if err != nil {
		return nil, err
	}
	return toproto.ConfigureResponse(out), nil
}

func (s *server) Show(ctx context.Context, req *tsproto1.ShowRequest) (*tsproto1.ShowResponse, error) {
	out, err := s.impl.Show(ctx, fromproto.ShowRequest(req))
	if err != nil {
		return nil, err
	}
	resp := toproto.ShowResponse(out)
	if req.GetOmitMeta() {
		resp.MetaJson = nil // the caller derives it from the value
	}
	return resp, nil
}

func (s *server) GetActive(ctx context.Context, req *tsproto1.GetActiveRequest) (*tsproto1.GetActiveResponse, error) {
	out, err := s.impl.GetActive(ctx, fromproto.GetActiveRequest(req))
	if err != nil {
		return nil, err
	}
	return toproto.GetActiveResponse(out), nil
}

func (s *server) Submit(ctx context.Context, req *tsproto1.SubmitRequest) (*tsproto1.SubmitResponse, error) {
	out, err := s.impl.Submit(receiveRpcID(ctx), fromproto.SubmitRequest(req))
	if err != nil {
		return nil, err
	}
	return toproto.SubmitResponse(out), nil
}

func (s *server) Dismiss(ctx context.Context, req *tsproto1.DismissRequest) (*tsproto1.DismissResponse, error) {
	out, err := s.impl.Dismiss(ctx, fromproto.DismissRequest(req))
	if err != nil {
		return nil, err
	}
	return toproto.DismissResponse(out), nil
}

func (s *server) ObserveQueue(ctx context.Context, req *tsproto1.QueueEvent) (*tsproto1.QueueEventResponse, error) {
	out, err := s.impl.ObserveQueue(ctx, fromproto.QueueEvent(req))
	if err != nil {
		return nil, err
	}
	return toproto.QueueEventResponse(out), nil
}

func (s *server) CheckQueueAction(ctx context.Context, req *tsproto1.QueueActionRequest) (*tsproto1.QueueActionResponse, error) {
	out, err := s.impl.CheckQueueAction(ctx, fromproto.QueueActionRequest(req))
	if err != nil {
		return nil, err
	}
	return toproto.QueueActionResponse(out), nil
}

func (s *server) Fold(ctx context.Context, req *tsproto1.FoldRequest) (*tsproto1.FoldResponse, error) {
	out, err := s.impl.Fold(ctx, fromproto.FoldRequest(req))
	if err != nil {
		return nil, err
	}
	return toproto.FoldResponse(out), nil
}

func (s *server) Validate(ctx context.Context, req *tsproto1.ValidateRequest) (*tsproto1.ValidateResponse, error) {
	out, err := s.impl.Validate(ctx, fromproto.ValidateRequest(req))
	if err != nil {
		return nil, err
	}
	return toproto.ValidateResponse(out), nil
}

// Echo answers the transport diagnostic itself; it never reaches the
// implementation.
func (s *server) Echo(_ context.Context, req *tsproto1.EchoMessage) (*tsproto1.EchoMessage, error) {
	return &tsproto1.EchoMessage{Payload: req.GetPayload()}, nil
}
