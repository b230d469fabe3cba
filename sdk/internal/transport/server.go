package transport

import (
	"context"
	"errors"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/dsh-community/task-surface/sdk/internal/fromproto"
	"github.com/dsh-community/task-surface/sdk/internal/toproto"
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// server adapts a tasksurface.Server to the generated gRPC service on the
// plugin side.
type server struct {
	tsproto3.UnimplementedTaskSurfaceServer

	impl tasksurface.Server
}

func (s *server) Describe(ctx context.Context, _ *tsproto3.DescribeRequest) (*tsproto3.DescribeResponse, error) {
	d, err := s.impl.Describe(ctx)
	if err != nil {
		return nil, serverError(err)
	}
	return toproto.DescribeResponse(d), nil
}

func (s *server) Configure(ctx context.Context, req *tsproto3.ConfigureRequest) (*tsproto3.ConfigureResponse, error) {
	out, err := s.impl.Configure(ctx, fromproto.ConfigureRequest(req))
	if err != nil {
		return nil, serverError(err)
	}
	return toproto.ConfigureResponse(out), nil
}

func (s *server) Show(ctx context.Context, req *tsproto3.ShowRequest) (*tsproto3.ShowResponse, error) {
	out, err := s.impl.Show(ctx, fromproto.ShowRequest(req))
	if err != nil {
		return nil, serverError(err)
	}
	resp := toproto.ShowResponse(out)
	if req.GetOmitMeta() {
		resp.MetaJson = nil // the caller derives it from the value
	}
	return resp, nil
}

func (s *server) GetActive(ctx context.Context, req *tsproto3.GetActiveRequest) (*tsproto3.GetActiveResponse, error) {
	out, err := s.impl.GetActive(ctx, fromproto.GetActiveRequest(req))
	if err != nil {
		return nil, serverError(err)
	}
	return toproto.GetActiveResponse(out), nil
}

func (s *server) Check(ctx context.Context, req *tsproto3.CheckRequest) (*tsproto3.CheckResponse, error) {
	out, err := s.impl.Check(ctx, fromproto.CheckRequest(req))
	if err != nil {
		return nil, serverError(err)
	}
	return toproto.CheckResponse(out), nil
}

func (s *server) Submit(ctx context.Context, req *tsproto3.SubmitRequest) (*tsproto3.SubmitResponse, error) {
	out, err := s.impl.Submit(ctx, fromproto.SubmitRequest(req))
	if err != nil {
		return nil, serverError(err)
	}
	return toproto.SubmitResponse(out), nil
}

func (s *server) Dismiss(ctx context.Context, req *tsproto3.DismissRequest) (*tsproto3.DismissResponse, error) {
	out, err := s.impl.Dismiss(ctx, fromproto.DismissRequest(req))
	if err != nil {
		return nil, serverError(err)
	}
	return toproto.DismissResponse(out), nil
}

func (s *server) CheckQueueAction(ctx context.Context, req *tsproto3.QueueActionRequest) (*tsproto3.QueueActionResponse, error) {
	out, err := s.impl.CheckQueueAction(ctx, fromproto.QueueActionRequest(req))
	if err != nil {
		return nil, serverError(err)
	}
	return toproto.QueueActionResponse(out), nil
}

func (s *server) Fold(ctx context.Context, req *tsproto3.FoldRequest) (*tsproto3.FoldResponse, error) {
	out, err := s.impl.Fold(ctx, fromproto.FoldRequest(req))
	if err != nil {
		return nil, serverError(err)
	}
	return toproto.FoldResponse(out), nil
}

func (s *server) Validate(ctx context.Context, req *tsproto3.ValidateRequest) (*tsproto3.ValidateResponse, error) {
	out, err := s.impl.Validate(ctx, fromproto.ValidateRequest(req))
	if err != nil {
		return nil, serverError(err)
	}
	return toproto.ValidateResponse(out), nil
}

// Echo answers the transport diagnostic itself; it never reaches the
// implementation.
func (s *server) Echo(_ context.Context, req *tsproto3.EchoMessage) (*tsproto3.EchoMessage, error) {
	return &tsproto3.EchoMessage{Payload: req.GetPayload()}, nil
}

// serverError is err as the gRPC status the host reads: InvalidArgument
// with the error's text for a request the plugin refused as malformed
// (tasksurface.ErrInvalidRequest), err as it is otherwise.
func serverError(err error) error {
	if errors.Is(err, tasksurface.ErrInvalidRequest) {
		return status.Error(codes.InvalidArgument, err.Error())
	}
	return err
}
