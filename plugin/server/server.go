package server

import (
	"context"
	"errors"
	"sync"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/plugin/coord"
	"github.com/dsh-community/task-surface/plugin/internal/words"
	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/tool"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Server is the Task Surface plugin as a tasksurface.Server: it answers
// Describe, Configure, Validate and Fold itself, executes Show through the
// tool, and hands the surface's requests (GetActive, Check, Submit, Dismiss
// and the queue hooks) to the coordination service, coord.Service, which
// decides them from what each request carries; the host acts.
type Server struct {
	version string
	logger  hclog.Logger
	tool    *tool.Tool
	coord   *coord.Service

	mu     sync.RWMutex
	limits tasksurface.Limits
}

var _ tasksurface.Server = (*Server)(nil)

// New returns the plugin, reporting version as its release version. Its
// limits are the defaults until Configure.
func New(version string, logger hclog.Logger) *Server {
	if logger == nil {
		logger = hclog.NewNullLogger()
	}
	md := markdown.New()
	cfg := coord.Config{Limits: tasksurface.DefaultLimits, MetaLimits: MaxLimits, Logger: logger.Named("coord"), Markdown: md}
	return &Server{
		version: version,
		logger:  logger,
		tool:    tool.New(md),
		coord:   coord.New(cfg),
		limits:  tasksurface.DefaultLimits,
	}
}

func (s *Server) currentLimits() tasksurface.Limits {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.limits
}

// Show executes show_task_surface. A surface it opens is handed to the
// coordination service (coord.Service.Opened), which then serves it from
// the model the call parsed.
//
// A request without a projection view is refused as a host's bug (an
// error): the call could open a second surface in a session that has one.
func (s *Server) Show(_ context.Context, req *tasksurface.ShowRequest) (*tasksurface.ShowResponse, error) {
	if len(req.Projection) == 0 && req.SessionID != "" {
		return nil, errors.New("show_task_surface: the request has no projection view; the host must send the session's view")
	}
	resp, surface, err := s.tool.Open(req, s.currentLimits())
	if err != nil {
		return nil, err
	}
	if surface != nil && req.SessionID != "" && req.CallID != "" {
		s.coord.Opened(coord.Opened{
			SessionID: req.SessionID, CallID: req.CallID, SurfaceID: surface.SurfaceID,
			Model: surface.Model, Markdown: surface.Markdown,
		})
	}
	if resp.OK {
		s.logger.Debug("surface opened", "session", req.SessionID, "call", req.CallID)
	} else {
		s.logger.Info("show refused", "session", req.SessionID, "call", req.CallID, "code", resp.ErrorCode, "problems", len(resp.Problems))
	}
	return resp, nil
}

// GetActive returns the open surface of a session.
func (s *Server) GetActive(ctx context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error) {
	return s.coord.GetActive(ctx, req)
}

// Check judges the answers of the open surface without sending them. Its
// value problems are worded in the request's locale, as Submit's are.
func (s *Server) Check(ctx context.Context, req *tasksurface.CheckRequest) (*tasksurface.CheckResponse, error) {
	resp, err := s.coord.Check(ctx, req)
	if resp != nil {
		resp.Problems = words.Localize(resp.Problems, words.Parse(req.Locale))
	}
	return resp, err
}

// Submit decides a submission: the message the host admits, or why not.
// Its value problems are worded in the request's locale, as Check's are.
func (s *Server) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	resp, err := s.coord.Submit(ctx, req)
	if resp != nil {
		resp.Problems = words.Localize(resp.Problems, words.Parse(req.Locale))
	}
	return resp, err
}

// Dismiss decides a dismissal: the record the host writes, or why not.
func (s *Server) Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	return s.coord.Dismiss(ctx, req)
}

// CheckQueueAction allows or refuses a queue action.
func (s *Server) CheckQueueAction(ctx context.Context, req *tasksurface.QueueActionRequest) (*tasksurface.QueueActionResponse, error) {
	return s.coord.CheckQueueAction(ctx, req)
}
