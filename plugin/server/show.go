package server

import (
	"context"

	"github.com/dsh-community/task-surface/plugin/tool"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// projectionRead is the outcome of one Host.ReadProjection.
type projectionRead struct {
	view []byte
	ok   bool
	err  error
}

// open executes the call through the tool. When the request carries no
// projection view, the host's view is read over the broker at the same time
// as the tool checks, normalises and renders the model, instead of before:
// the round trip to the host and the model's work overlap. The answer is
// the one reading first would give: a view with an open surface refuses
// the call (and what the tool opened meanwhile is dropped), a failed read
// is the call's error, and the refusals that need no view come first and
// read nothing.
func (s *Server) open(ctx context.Context, req *tasksurface.ShowRequest) (*tasksurface.ShowResponse, *tool.Surface, error) {
	if len(req.Projection) > 0 || req.SessionID == "" {
		return s.tool.Open(req, s.currentLimits())
	}
	if refused := tool.Precheck(req); refused != nil {
		return refused, nil, nil
	}
	read := make(chan projectionRead, 1)
	go func() {
		view, ok, err := s.coord.Projection(ctx, req.SessionID)
		read <- projectionRead{view: view, ok: ok, err: err}
	}()
	resp, surface, err := s.tool.Open(req, s.currentLimits())
	r := <-read
	switch {
	case r.err != nil:
		return nil, nil, r.err
	case err != nil:
		return nil, nil, err
	}
	if r.ok {
		if refused := tool.ActiveRefusal(r.view); refused != nil {
			return refused, nil, nil
		}
	}
	return resp, surface, nil
}
