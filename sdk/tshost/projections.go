package tshost

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Folder folds session events into projection state: a tasksurface.Server,
// such as the Supervisor, or a twin of the plugin's fold.
type Folder interface {
	// Fold applies session events to projection state.
	Fold(ctx context.Context, req *tasksurface.FoldRequest) (*tasksurface.FoldResponse, error)
}

// Projections keeps each session's Task Surface projection current: the
// harness hands it every event it appends to a session's log, and it folds
// only what is new through the plugin's Fold, keeping the state and view
// between calls; View is what a host sends as Snapshot.Projection and
// ShowRequest.Projection. Events it could not fold (the plugin was
// restarting) stay queued and are folded by the next Append or View, in
// order. It is safe for concurrent use.
type Projections struct {
	folder Folder
	logger hclog.Logger

	mu       sync.Mutex
	sessions map[tasksurface.SessionID]*projection
	empty    json.RawMessage // the view of an empty log, once folded
}

// projection is one session's folded state and the events not folded yet.
type projection struct {
	mu      sync.Mutex // serialises folds of the session
	state   json.RawMessage
	view    json.RawMessage
	pending []json.RawMessage
}

// NewProjections returns an empty cache that folds through folder and logs
// the events the fold could not read to logger (nil discards them; they
// are returned as well).
func NewProjections(folder Folder, logger hclog.Logger) *Projections {
	if logger == nil {
		logger = hclog.NewNullLogger()
	}
	return &Projections{folder: folder, logger: logger, sessions: map[tasksurface.SessionID]*projection{}}
}

func (p *Projections) session(id tasksurface.SessionID) *projection {
	p.mu.Lock()
	defer p.mu.Unlock()
	s, ok := p.sessions[id]
	if !ok {
		s = &projection{}
		p.sessions[id] = s
	}
	return s
}

// Append folds events just appended to a session's log, in log order, and
// returns the session's view and the events of the fold's types it could
// not read (each with its seq; the projection ignored them). An error
// means the fold did not run, for example while the plugin restarts; the
// events stay queued for the next call, so nothing is lost.
func (p *Projections) Append(ctx context.Context, sessionID tasksurface.SessionID, events ...tasksurface.Event) (json.RawMessage, []tasksurface.LogProblem, error) {
	s := p.session(sessionID)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range events {
		raw, err := e.Encode()
		if err != nil {
			return nil, nil, err
		}
		s.pending = append(s.pending, raw)
	}
	return p.foldLocked(ctx, sessionID, s)
}

// AppendLater hands events of a session's log to the cache without folding
// them: the next Append or read of the session folds them, in order. A
// harness reading its logs back before the plugin runs uses it, so no
// call reaches a plugin that is not started yet.
func (p *Projections) AppendLater(sessionID tasksurface.SessionID, events ...tasksurface.Event) error {
	s := p.session(sessionID)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range events {
		raw, err := e.Encode()
		if err != nil {
			return err
		}
		s.pending = append(s.pending, raw)
	}
	return nil
}

// View returns a session's view with every appended event folded. A
// session the harness never appended to has the view of an empty log (no
// surface open): a session whose log is empty is a session all the same.
// Such a read keeps nothing, so reading unknown session ids costs no
// memory. An error means the fold did not run (the plugin restarts).
func (p *Projections) View(ctx context.Context, sessionID tasksurface.SessionID) (json.RawMessage, error) {
	p.mu.Lock()
	s, ok := p.sessions[sessionID]
	p.mu.Unlock()
	if !ok {
		return p.emptyView(ctx)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	view, _, err := p.foldLocked(ctx, sessionID, s)
	return view, err
}

// Reset forgets a session's projection, for a log that was rewound or
// forked: Append the events of the new log again from the start.
func (p *Projections) Reset(sessionID tasksurface.SessionID) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.sessions, sessionID)
}

// emptyView returns the view of an empty log, folded once.
func (p *Projections) emptyView(ctx context.Context) (json.RawMessage, error) {
	p.mu.Lock()
	view := p.empty
	p.mu.Unlock()
	if view != nil {
		return view, nil
	}
	out, err := p.folder.Fold(ctx, &tasksurface.FoldRequest{})
	if err != nil {
		return nil, fmt.Errorf("tshost: fold an empty log: %w", err)
	}
	p.mu.Lock()
	p.empty = out.View
	p.mu.Unlock()
	return out.View, nil
}

// foldLocked folds the pending events; s.mu is held.
func (p *Projections) foldLocked(ctx context.Context, sessionID tasksurface.SessionID, s *projection) (json.RawMessage, []tasksurface.LogProblem, error) {
	if len(s.pending) == 0 && s.view != nil {
		return s.view, nil, nil
	}
	out, err := p.folder.Fold(ctx, &tasksurface.FoldRequest{State: s.state, Events: s.pending})
	if err != nil {
		return nil, nil, fmt.Errorf("tshost: fold %d events of session %s: %w", len(s.pending), sessionID, err)
	}
	for _, pr := range out.Problems {
		p.logger.Error("the fold could not read an event of the session log; the projection ignores it",
			"session", sessionID, "seq", pr.Seq, "type", pr.Type, "pointer", pr.Problem.Pointer, "problem", pr.Problem.Message)
	}
	s.state, s.view, s.pending = out.State, out.View, nil
	return s.view, out.Problems, nil
}
