package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// Harness is a small Go harness with its own session log and queue, kept
// in files so that it survives a crash of the plugin and of itself. Each
// session is two files in dir: <id>.jsonl, the log (one tasksurface.Event
// per line, appended and synced), and <id>.queue.json, the messages queued
// for the next turn (rewritten whole). It implements tasksurface.Host for
// the plugin; the SDK supervises the plugin and keeps the projection and
// the tool results (tshost.Projections, tshost.ToolResults).
type Harness struct {
	dir     string
	logger  hclog.Logger
	sup     *tshost.Supervisor
	proj    *tshost.Projections
	results *tshost.ToolResults

	appendMu sync.Mutex // one append at a time, so the fold sees the log in order
	mu       sync.Mutex // guards logs and queues
	logs     map[string][]tasksurface.Event
	queues   map[string][]queued
}

// queued is a message waiting for a turn; Claimed while the agent takes it.
type queued struct {
	Message tasksurface.UserMessage `json:"message"`
	Claimed bool                    `json:"claimed"`
}

var _ tasksurface.Host = (*Harness)(nil)

// Open launches the plugin of cfg for the sessions kept in dir, replays
// their logs into the projection and the tool-result index, and returns
// the harness. A claim that was not committed before a crash goes back to
// the queue: the agent never took it.
func Open(ctx context.Context, dir string, cfg tshost.Config) (*Harness, error) {
	h := &Harness{dir: dir, logger: cfg.Logger, results: tshost.NewToolResults(), logs: map[string][]tasksurface.Event{}, queues: map[string][]queued{}}
	if h.logger == nil {
		h.logger = hclog.NewNullLogger()
	}
	cfg.NewHost = func(server tasksurface.Server) (tasksurface.Host, error) {
		h.proj = tshost.NewProjections(server, cfg.Logger)
		return h, nil
	}
	if cfg.Verified == nil {
		// Hash the plugin binary once per install, not once per start.
		cfg.Verified = tshost.NewVerifiedBinaries(filepath.Join(dir, "verified"))
	}
	if err := h.load(); err != nil {
		return nil, err
	}
	sup, err := tshost.Supervise(ctx, cfg, tshost.SuperviseOptions{})
	if err != nil {
		return nil, err
	}
	h.sup = sup
	for id, events := range h.logs {
		h.results.Add(id, events...)
		if _, _, err := h.proj.Append(ctx, id, events...); err != nil {
			_ = sup.Close(context.Background())
			return nil, err
		}
	}
	return h, nil
}

// load reads every session's log and queue from dir.
func (h *Harness) load() error {
	logs, err := filepath.Glob(filepath.Join(h.dir, "*.jsonl"))
	if err != nil {
		return err
	}
	for _, path := range logs {
		id := strings.TrimSuffix(filepath.Base(path), ".jsonl")
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		lines, problems, err := tasksurface.ReadLog(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("log of session %s: %w", id, err)
		}
		for _, p := range problems { // a line cut short by a crash, most likely
			h.logger.Error("a line of the session log holds no event; it is left out", "session", id, "line", p.Line, "problem", p.Problem.Message)
		}
		h.logs[id] = nil
		for _, raw := range lines {
			var e tasksurface.Event
			if err := json.Unmarshal(raw, &e); err != nil {
				h.logger.Error("a line of the session log is not an event; it is left out", "session", id, "error", err)
				continue
			}
			h.logs[id] = append(h.logs[id], e)
		}
		var q []queued
		if raw, err := os.ReadFile(filepath.Join(h.dir, id+".queue.json")); err == nil {
			if err := json.Unmarshal(raw, &q); err != nil {
				return fmt.Errorf("queue of session %s: %w", id, err)
			}
		}
		for i := range q {
			q[i].Claimed = false
		}
		h.queues[id] = q
	}
	return nil
}

// Close stops the plugin.
func (h *Harness) Close(ctx context.Context) error { return h.sup.Close(ctx) }

// Plugin is the supervised plugin, for the client's calls.
func (h *Harness) Plugin() *tshost.Supervisor { return h.sup }

// NewSession starts an empty session.
func (h *Harness) NewSession() (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	id := fmt.Sprintf("session-%d", time.Now().UnixNano())
	h.logs[id] = nil
	return id, os.WriteFile(filepath.Join(h.dir, id+".jsonl"), nil, 0o600)
}

// append writes one event to a session's log, syncs it, and hands it to
// the index and the projection.
func (h *Harness) append(ctx context.Context, session string, data tasksurface.EventData) (int64, error) {
	h.appendMu.Lock()
	defer h.appendMu.Unlock()
	h.mu.Lock()
	ev, err := tasksurface.NewEvent(int64(len(h.logs[session])), data)
	h.mu.Unlock()
	if err != nil {
		return 0, err
	}
	ev.Time = time.Now().UnixMilli()
	return ev.Seq, h.write(ctx, session, ev)
}

// write appends an event as it is; h.appendMu is held.
func (h *Harness) write(ctx context.Context, session string, ev tasksurface.Event) error {
	h.mu.Lock()
	err := appendLine(filepath.Join(h.dir, session+".jsonl"), ev)
	if err == nil {
		h.logs[session] = append(h.logs[session], ev)
	}
	h.mu.Unlock()
	if err != nil {
		return err
	}
	h.results.Add(session, ev)
	// A fold that fails (the plugin is restarting) keeps the event queued
	// for the next read; a problem with the event is logged by the SDK.
	_, _, _ = h.proj.Append(ctx, session, ev)
	return nil
}

func appendLine(path string, ev tasksurface.Event) error {
	line, err := ev.Encode()
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.Write(append(line, '\n')); err != nil {
		return err
	}
	return f.Sync()
}

// saveQueue rewrites a session's queue file atomically; h.mu is held.
func (h *Harness) saveQueue(session string) error {
	raw, err := json.Marshal(h.queues[session])
	if err != nil {
		return err
	}
	path := filepath.Join(h.dir, session+".queue.json")
	if err := os.WriteFile(path+".tmp", raw, 0o600); err != nil {
		return err
	}
	return os.Rename(path+".tmp", path)
}

// CallTool is the model calling the plugin's tool: the call, the plugin's
// answer and the result go to the log. The request carries no projection:
// the plugin reads it from ReadProjection.
func (h *Harness) CallTool(ctx context.Context, session string, args json.RawMessage) (*tasksurface.ShowResponse, error) {
	callID := fmt.Sprintf("call_%d", time.Now().UnixNano())
	if _, err := h.append(ctx, session, tasksurface.NewToolCall(callID, h.sup.Description().Tool.Name, args, "")); err != nil {
		return nil, err
	}
	resp, err := h.sup.Show(ctx, &tasksurface.ShowRequest{SessionID: session, CallID: callID, Arguments: args})
	result := tasksurface.NewToolResult(callID, resp)
	if err != nil {
		result = tasksurface.NewFailedToolResult(callID, "unavailable", "The tool failed: "+err.Error())
	}
	if _, appendErr := h.append(ctx, session, result); appendErr != nil {
		return nil, appendErr
	}
	return resp, err
}

// Step is the agent taking the oldest queued message for its next turn
// and committing it to the log; the plugin hears of both.
func (h *Harness) Step(ctx context.Context, session string) (*tasksurface.UserMessage, error) {
	h.mu.Lock()
	q := h.queues[session]
	if len(q) == 0 {
		h.mu.Unlock()
		return nil, errors.New("the queue is empty")
	}
	q[0].Claimed = true
	m := q[0].Message
	err := h.saveQueue(session)
	h.mu.Unlock()
	if err != nil {
		return nil, err
	}
	h.report(ctx, session, tasksurface.QueueClaimed, m, 0)
	seq, err := h.append(ctx, session, m)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	h.queues[session] = slices.DeleteFunc(h.queues[session], func(e queued) bool { return e.Message.ID == m.ID })
	err = h.saveQueue(session)
	h.mu.Unlock()
	h.report(ctx, session, tasksurface.QueueCommitted, m, seq)
	return &m, err
}

// report tells the plugin what happened to a message; a plugin that is
// restarting recovers it from the log and ListInFlight instead.
func (h *Harness) report(ctx context.Context, session string, kind tasksurface.QueueEventKind, m tasksurface.UserMessage, seq int64) {
	_, _ = h.sup.ObserveQueue(ctx, &tasksurface.QueueEvent{SessionID: session, Kind: kind, MessageID: m.ID, Source: m.Source, EventSeq: seq, Text: m.Text()})
}

// Log returns a copy of a session's log.
func (h *Harness) Log(session string) []tasksurface.Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.logs[session])
}

// ReadToolResult answers from the SDK's index.
func (h *Harness) ReadToolResult(ctx context.Context, req *tasksurface.ReadToolResultRequest) (*tasksurface.ReadToolResultResponse, error) {
	return h.results.ReadToolResult(ctx, req)
}

// ReadProjection answers from the SDK's projection cache.
func (h *Harness) ReadProjection(ctx context.Context, req *tasksurface.ReadProjectionRequest) (*tasksurface.ReadProjectionResponse, error) {
	return h.proj.ReadProjection(ctx, req)
}

// AdmitUserMessage queues a submission once per message id.
func (h *Harness) AdmitUserMessage(_ context.Context, req *tasksurface.AdmitUserMessageRequest) (*tasksurface.AdmitUserMessageResponse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.logs[req.SessionID]; !ok {
		return &tasksurface.AdmitUserMessageResponse{Reason: "no such session"}, nil
	}
	known := slices.ContainsFunc(h.queues[req.SessionID], func(e queued) bool { return e.Message.ID == req.MessageID }) ||
		slices.ContainsFunc(h.logs[req.SessionID], func(e tasksurface.Event) bool {
			var m tasksurface.UserMessage
			return e.Type == tasksurface.EventUserMessage && json.Unmarshal(e.Data, &m) == nil && m.ID == req.MessageID
		})
	if !known {
		h.queues[req.SessionID] = append(h.queues[req.SessionID], queued{Message: tasksurface.AdmittedMessage(req)})
		if err := h.saveQueue(req.SessionID); err != nil {
			return nil, err
		}
	}
	return &tasksurface.AdmitUserMessageResponse{Admitted: true, MessageID: req.MessageID, Duplicate: known}, nil
}

// RecordDismissal writes the dismissal's command records to the log.
func (h *Harness) RecordDismissal(ctx context.Context, req *tasksurface.RecordDismissalRequest) (*tasksurface.RecordDismissalResponse, error) {
	run, done := tasksurface.NewDismissal(h.sup.Description().Command.Name, fmt.Sprintf("cmd_%d", time.Now().UnixNano()), req)
	if _, err := h.append(ctx, req.SessionID, run); err != nil {
		return nil, err
	}
	seq, err := h.append(ctx, req.SessionID, done)
	if err != nil {
		return nil, err
	}
	return &tasksurface.RecordDismissalResponse{Recorded: true, EventSeq: seq}, nil
}

// ListInFlight lists the plugin's queued and claimed messages.
func (h *Harness) ListInFlight(_ context.Context, req *tasksurface.ListInFlightRequest) (*tasksurface.ListInFlightResponse, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := &tasksurface.ListInFlightResponse{}
	for _, e := range h.queues[req.SessionID] {
		if src, ok := tasksurface.ParseMessageSource(e.Message.Source); ok && src.TaskSurface != nil {
			phase := tasksurface.PhaseQueued
			if e.Claimed {
				phase = tasksurface.PhaseClaiming
			}
			out.Messages = append(out.Messages, tasksurface.InFlightMessage{MessageID: e.Message.ID, Phase: phase, Source: e.Message.Source})
		}
	}
	return out, nil
}
