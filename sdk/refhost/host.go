package refhost

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// Host is the reference host. It implements tasksurface.Host, so the SDK
// serves it to the plugin, and it drives the plugin through Attach.
type Host struct {
	logger      hclog.Logger
	projections *tshost.Projections
	results     *tshost.ToolResults

	mu       sync.Mutex
	plugin   tasksurface.Server
	desc     *tasksurface.Description
	sessions map[tasksurface.SessionID]*session
	ids      int
	tracer   func(Hop)
}

var _ tasksurface.Host = (*Host)(nil)

// New returns an empty host.
func New(logger hclog.Logger) *Host {
	if logger == nil {
		logger = hclog.NewNullLogger()
	}
	h := &Host{logger: logger, results: tshost.NewToolResults(), sessions: map[tasksurface.SessionID]*session{}}
	h.projections = tshost.NewProjections(foldVia{h}, logger)
	return h
}

// Bind attaches the plugin the SDK launches for this host and returns the
// host, in the form tshost.Config.NewHost takes: NewHost: h.Bind. What the
// plugin declared is read from it when first needed.
func (h *Host) Bind(server tasksurface.Server) (tasksurface.Host, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.plugin, h.desc = server, nil
	return h, nil
}

// foldVia folds through the attached plugin.
type foldVia struct{ h *Host }

func (f foldVia) Fold(ctx context.Context, req *tasksurface.FoldRequest) (*tasksurface.FoldResponse, error) {
	p, _, err := f.h.attached()
	if err != nil {
		return nil, err
	}
	return p.Fold(ctx, req)
}

// Attach gives the host the plugin to call and what it declared. It may be
// called again after a restart.
func (h *Host) Attach(p tasksurface.Server, d *tasksurface.Description) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.plugin, h.desc = p, d
}

func (h *Host) attached() (tasksurface.Server, *tasksurface.Description, error) {
	h.mu.Lock()
	p, d := h.plugin, h.desc
	h.mu.Unlock()
	if p == nil {
		return nil, nil, errors.New("refhost: no plugin attached")
	}
	if d == nil {
		desc, err := p.Describe(context.Background())
		if err != nil {
			return nil, nil, fmt.Errorf("refhost: describe the plugin: %w", err)
		}
		h.mu.Lock()
		h.desc, d = desc, desc
		h.mu.Unlock()
	}
	return p, d, nil
}

// NewSession creates a session and returns its id.
func (h *Host) NewSession() tasksurface.SessionID {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.ids++
	id := tasksurface.SessionID(fmt.Sprintf("session-%d", h.ids))
	h.sessions[id] = newSession(id, h.results)
	return id
}

func (h *Host) session(id tasksurface.SessionID) (*session, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	s, ok := h.sessions[id]
	if !ok {
		return nil, fmt.Errorf("refhost: no session %q", id)
	}
	return s, nil
}

// Events returns a copy of a session's log.
func (h *Host) Events(sessionID tasksurface.SessionID) []Event {
	s, err := h.session(sessionID)
	if err != nil {
		return nil
	}
	return s.snapshot()
}

// View folds the session's log through the plugin and returns the
// projection view. Events already folded are not folded again.
func (h *Host) View(ctx context.Context, sessionID tasksurface.SessionID) (json.RawMessage, error) {
	s, err := h.session(sessionID)
	if err != nil {
		return nil, err
	}
	return s.view(ctx, h.projections)
}

// ReadToolResult returns a tool result's metadata by call id.
func (h *Host) ReadToolResult(ctx context.Context, req *tasksurface.ReadToolResultRequest) (*tasksurface.ReadToolResultResponse, error) {
	defer h.hop("ReadToolResult", req.SessionID)()
	return h.results.ReadToolResult(ctx, req)
}

// ReadProjection returns the session's projection view.
func (h *Host) ReadProjection(ctx context.Context, req *tasksurface.ReadProjectionRequest) (*tasksurface.ReadProjectionResponse, error) {
	defer h.hop("ReadProjection", req.SessionID)()
	if _, err := h.session(req.SessionID); err != nil {
		return &tasksurface.ReadProjectionResponse{}, nil
	}
	view, err := h.View(ctx, req.SessionID)
	if err != nil {
		return nil, err
	}
	return &tasksurface.ReadProjectionResponse{Found: true, View: view}, nil
}

// AdmitUserMessage queues a user message for the next turn, once per
// message id: a message already queued, claimed or committed is not queued
// again.
func (h *Host) AdmitUserMessage(_ context.Context, req *tasksurface.AdmitUserMessageRequest) (*tasksurface.AdmitUserMessageResponse, error) {
	defer h.hop("AdmitUserMessage", req.SessionID)()
	s, err := h.session(req.SessionID)
	if err != nil {
		return &tasksurface.AdmitUserMessageResponse{Reason: "no such session"}, nil
	}
	dup := s.admit(textMessage(req.MessageID, req.Text, req.Source))
	return &tasksurface.AdmitUserMessageResponse{Admitted: true, MessageID: req.MessageID, Duplicate: dup}, nil
}

// RecordDismissal writes the dismissal as the command record DeepSeek
// Harness writes for a slash command: command/run, then command/done.
func (h *Host) RecordDismissal(_ context.Context, req *tasksurface.RecordDismissalRequest) (*tasksurface.RecordDismissalResponse, error) {
	defer h.hop("RecordDismissal", req.SessionID)()
	s, err := h.session(req.SessionID)
	if err != nil {
		return &tasksurface.RecordDismissalResponse{Reason: "no such session"}, nil
	}
	_, desc, err := h.attached()
	if err != nil {
		return nil, err
	}
	seq := s.dismissal(desc.Command.Name, req)
	return &tasksurface.RecordDismissalResponse{Recorded: true, EventSeq: seq}, nil
}

// ListInFlight lists the session's queued and claimed messages that carry
// the plugin's source key.
func (h *Host) ListInFlight(_ context.Context, req *tasksurface.ListInFlightRequest) (*tasksurface.ListInFlightResponse, error) {
	defer h.hop("ListInFlight", req.SessionID)()
	s, err := h.session(req.SessionID)
	if err != nil {
		return &tasksurface.ListInFlightResponse{}, nil
	}
	_, desc, err := h.attached()
	if err != nil {
		return nil, err
	}
	return &tasksurface.ListInFlightResponse{Messages: s.inFlight(desc.QueueHooks.SourceKey)}, nil
}

// ImportSession creates a session from a saved log, as a host does when it
// restarts: the log comes back, the in-memory queue does not. It returns
// the new session's id.
func (h *Host) ImportSession(events []Event) tasksurface.SessionID {
	id := h.NewSession()
	s, _ := h.session(id)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range events {
		s.addLocked(e)
	}
	// Ids minted later must not collide with the log's.
	s.calls, s.cmds = len(events), len(events)
	for _, e := range events {
		if e.Type == "turn/start" {
			s.inputs = append(s.inputs, nil)
		}
	}
	return id
}
