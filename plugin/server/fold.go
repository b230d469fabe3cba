package server

import (
	"context"
	"fmt"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Fold applies session events to projection state and reports the events
// of the types it reads that it could not read (fold.CheckEvents).
func (s *Server) Fold(_ context.Context, req *tasksurface.FoldRequest) (*tasksurface.FoldResponse, error) {
	state, view, err := fold.FoldJSON(req.State, req.Events)
	if err != nil {
		return nil, fmt.Errorf("fold: %w", err)
	}
	return &tasksurface.FoldResponse{State: state, View: view, Problems: fold.CheckEvents(req.Events)}, nil
}

// Validate parses a model without opening a surface.
func (s *Server) Validate(_ context.Context, req *tasksurface.ValidateRequest) (*tasksurface.ValidateResponse, error) {
	m, problems := model.Parse(req.Model, s.currentLimits())
	if len(problems) > 0 {
		return &tasksurface.ValidateResponse{Problems: problems}, nil
	}
	normalized, err := m.Normalized()
	if err != nil {
		return nil, fmt.Errorf("normalise model: %w", err)
	}
	return &tasksurface.ValidateResponse{Valid: true, Normalized: normalized}, nil
}
