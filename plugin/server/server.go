package server

import (
	"context"
	"os"
	"sync"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/plugin/coord"
	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/tool"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Server is the Task Surface plugin as a tasksurface.Server: it answers
// Describe, Configure, Validate and Fold itself, executes Show through the
// tool, and hands the surface's requests (GetActive, Submit, Dismiss and
// the queue hooks) to the coordination service, coord.Service.
type Server struct {
	version string
	logger  hclog.Logger
	tool    *tool.Tool
	coord   *coord.Service

	mu     sync.RWMutex
	limits tasksurface.Limits
}

var _ tasksurface.Server = (*Server)(nil)

// JournalDirEnv names the environment variable in which a host gives the
// plugin a folder for its journal of accepted submissions (coord.Journal):
// a host whose queue may be lost when it dies sets it, and Configure then
// admits again what the host lost (coord.Service.Recover). Unset, the
// plugin keeps no journal.
const JournalDirEnv = "TASK_SURFACE_JOURNAL_DIR"

// New returns the plugin, reporting version as its release version. It has
// no host until Configure.
func New(version string, logger hclog.Logger) *Server {
	if logger == nil {
		logger = hclog.NewNullLogger()
	}
	md := markdown.New()
	cfg := coord.Config{Limits: tasksurface.DefaultLimits, Logger: logger.Named("coord"), Markdown: md}
	if dir := os.Getenv(JournalDirEnv); dir != "" {
		j, err := coord.OpenDirJournal(dir)
		if err != nil {
			logger.Error("no journal of accepted submissions: an answer accepted just before the harness dies may be lost", "error", err)
		} else {
			cfg.Journal = j
		}
	}
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
// coordination service (coord.Service.Opened), which then serves it
// without parsing the model again when the log holds the same metadata.
//
// A request without a projection view is answered with the view the host
// holds (Host.ReadProjection), so a harness that leaves it out cannot open
// a second surface in a session that has one. The view is read while the
// model is checked and rendered, not before (see open).
func (s *Server) Show(ctx context.Context, req *tasksurface.ShowRequest) (*tasksurface.ShowResponse, error) {
	resp, surface, err := s.open(ctx, req)
	if err != nil {
		return nil, err
	}
	if surface != nil && req.SessionID != "" && req.CallID != "" {
		s.coord.Opened(coord.Opened{
			SessionID: req.SessionID, CallID: req.CallID, SurfaceID: surface.SurfaceID,
			Value: surface.Value, Model: surface.Model, Markdown: surface.Markdown, Limits: surface.Limits,
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

// Submit validates, formats and admits a submission.
func (s *Server) Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	return s.coord.Submit(ctx, req)
}

// Dismiss records a dismissal.
func (s *Server) Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	return s.coord.Dismiss(ctx, req)
}

// ObserveQueue reports what happened to a queued message.
func (s *Server) ObserveQueue(ctx context.Context, ev *tasksurface.QueueEvent) (*tasksurface.QueueEventResponse, error) {
	return s.coord.ObserveQueue(ctx, ev)
}

// CheckQueueAction allows or refuses a queue action.
func (s *Server) CheckQueueAction(ctx context.Context, req *tasksurface.QueueActionRequest) (*tasksurface.QueueActionResponse, error) {
	return s.coord.CheckQueueAction(ctx, req)
}
