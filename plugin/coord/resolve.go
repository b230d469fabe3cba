package coord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// readView returns a session's projection view: the one the caller sent
// with its request (given), else the host's answer to ReadProjection. A
// session the host does not know has no open surface.
func (s *Service) readView(ctx context.Context, host tasksurface.Host, sessionID tasksurface.SessionID, given json.RawMessage) (fold.View, error) {
	raw := []byte(given)
	if len(raw) == 0 {
		resp, err := host.ReadProjection(ctx, &tasksurface.ReadProjectionRequest{SessionID: sessionID})
		if err != nil {
			return fold.View{}, fmt.Errorf("read the projection of session %s: %w", sessionID, err)
		}
		if resp == nil || !resp.Found {
			return fold.View{Outcomes: []fold.Outcome{}}, nil
		}
		raw = resp.View
	}
	v, err := fold.ParseView(raw)
	if err != nil {
		// The projection is ours; a view we cannot read is a bug on one side,
		// and no surface can be acted on through it.
		s.logger.Error("unreadable projection view", "session", sessionID, "error", err)
		return fold.View{Outcomes: []fold.Outcome{}}, nil
	}
	return v, nil
}

// target checks that the request's surface (or, for "", whichever is open)
// is the open one. It returns the open occurrence, or the reason it cannot
// be acted on: not-open when nothing is open, stale when another surface is.
func target(v fold.View, surfaceID string) (*fold.Occurrence, tasksurface.Reason) {
	switch {
	case v.Active == nil:
		return nil, tasksurface.ReasonNotOpen
	case surfaceID != "" && surfaceID != v.Active.SurfaceID:
		return nil, tasksurface.ReasonStale
	}
	return v.Active, ""
}

// modelCache is the revalidated model of one occurrence under one set of
// limits. A tool result never changes, so it is reused until the session's
// open surface or the limits change.
//
// An entry that Opened made from a call of this process is not confirmed
// yet: it holds the value the call answered with, and the first read compares its metadata
// them with the tool result's metadata in the log, byte for byte, instead
// of parsing the model again. Any difference means a full revalidation.
type modelCache struct {
	occ        fold.Occurrence
	limits     tasksurface.Limits
	model      *model.Model
	normalized json.RawMessage
	// value is the value of the call that opened an unconfirmed entry:
	// the log must hold its metadata (tasksurface.MetaFromValue); nil once
	// confirmed.
	value []byte
	// markdown returns the Markdown HTML of the model's blocks by block
	// pointer, as JSON; it renders and encodes once, when GetActive first
	// needs it.
	markdown func() json.RawMessage
}

// newModelCache makes an entry whose Markdown is rendered (unless html is
// given, rendered from m already) and encoded on first use.
func newModelCache(occ fold.Occurrence, limits tasksurface.Limits, m *model.Model, normalized json.RawMessage, md *markdown.Renderer, html map[string]string, value []byte) *modelCache {
	return &modelCache{
		occ: occ, limits: limits, model: m, normalized: normalized, value: value,
		markdown: sync.OnceValue(func() json.RawMessage {
			if html == nil {
				html = markdown.RenderBlocks(md, m)
			}
			b, err := json.Marshal(html)
			if err != nil {
				// A map of strings always encodes.
				panic(err)
			}
			return b
		}),
	}
}

// loadModel reads the open occurrence's tool result and revalidates its
// presentation metadata: a successful top-level show_task_surface result
// whose meta has the Task Surface kind and version, the same surface id,
// and a model that parses under the current limits. It returns nil and the
// reason to answer with when the model cannot be used: stale when the
// model is over limits configured lower since it opened (logged at warn:
// the surface is still open in the log and can be dismissed), not-open
// when the metadata does not hold up (logged at error, since the plugin
// wrote the metadata itself).
//
// A confirmed entry for the occurrence under the same limits is reused
// without a read; an entry Opened prepared is confirmed by finding its
// exact metadata in the log.
func (s *Service) loadModel(ctx context.Context, host tasksurface.Host, limits tasksurface.Limits, ss *session, sessionID tasksurface.SessionID, occ fold.Occurrence, pre *toolResultFetch) (*modelCache, tasksurface.Reason, error) {
	ss.mu.Lock()
	cached := ss.model
	ss.mu.Unlock()
	if cached != nil && (cached.occ != occ || cached.limits != limits) {
		cached = nil
	}
	if cached != nil && cached.value == nil {
		return cached, "", nil
	}
	resp, err := pre.readToolResult(ctx, host, sessionID, occ.CallID)
	if err != nil {
		return nil, "", fmt.Errorf("read the tool result of call %s in session %s: %w", occ.CallID, sessionID, err)
	}
	bad := func(why string, args ...any) (*modelCache, tasksurface.Reason, error) {
		s.logger.Error("the open surface's tool result does not hold up; answering not-open",
			append([]any{"session", sessionID, "call", occ.CallID, "surface", occ.SurfaceID, "why", why}, args...)...)
		return nil, tasksurface.ReasonNotOpen, nil
	}
	switch {
	case resp == nil || !resp.Found:
		return bad("no tool result for the call")
	case resp.ToolName != "" && resp.ToolName != wire.ToolName:
		return bad("the call is another tool's", "tool", resp.ToolName)
	case resp.IsError:
		return bad("the call failed")
	case resp.ParentCallID != "":
		return bad("the call is nested", "parent", resp.ParentCallID)
	}
	if cached != nil && metaOfValue(resp.Meta, cached.value) {
		// The log holds the very metadata this process answered the
		// call with, from this model under these limits.
		mc := *cached
		mc.value = nil
		return s.keepModel(ss, &mc), "", nil
	}
	var meta wire.Meta
	if err := json.Unmarshal(resp.Meta, &meta); err != nil {
		return bad("the metadata is not a Task Surface meta", "error", err)
	}
	switch {
	case meta.Kind != wire.MetaKind:
		return bad("the metadata has another kind", "kind", meta.Kind)
	case meta.Version != wire.MetaVersion:
		return bad("the metadata has another version", "version", meta.Version)
	case meta.SurfaceID != occ.SurfaceID:
		return bad("the metadata names another surface", "meta_surface", meta.SurfaceID)
	}
	m, problems := model.Parse(meta.Model, limits)
	if i := slices.IndexFunc(problems, func(p tasksurface.Problem) bool { return p.Code == tasksurface.CodeLimitExceeded }); i >= 0 {
		s.logger.Warn("the open surface's model is over the limits configured since it opened; answering stale",
			"session", sessionID, "call", occ.CallID, "surface", occ.SurfaceID, "problem", problems[i].String())
		return nil, tasksurface.ReasonStale, nil
	}
	if len(problems) > 0 {
		return bad("the model does not parse", "problems", len(problems), "first", problems[0].String())
	}
	normalized, err := m.Normalized()
	if err != nil {
		return nil, "", fmt.Errorf("normalise the model of surface %s: %w", occ.SurfaceID, err)
	}
	return s.keepModel(ss, newModelCache(occ, limits, m, normalized, s.md, nil, nil)), "", nil
}

// metaOfValue reports whether meta is, byte for byte, the presentation
// metadata of value (the metadata the tool writes beside it).
func metaOfValue(meta, value []byte) bool {
	want, err := tasksurface.MetaFromValue(value)
	return err == nil && bytes.Equal(meta, want)
}

// keepModel makes mc the session's model and returns it.
func (s *Service) keepModel(ss *session, mc *modelCache) *modelCache {
	ss.mu.Lock()
	ss.model = mc
	ss.mu.Unlock()
	return mc
}

// pendingFor returns the pending submission of the open occurrence, adopting
// one from the host's in-flight messages when the service has none (after a
// restart, records are empty while the host may still hold a queued or
// claimed message). committed reports that a submission of the occurrence
// is already durable, so the surface is closed even if the projection has
// not caught up.
//
// The host is asked once per occurrence: afterwards every message for it
// reaches the records, as this process admits it or the host reports it
// (ObserveQueue). An occurrence this process opened is covered from the
// start: its surface id is new, so only this process can have admitted a
// message for it.
func (s *Service) pendingFor(ctx context.Context, host tasksurface.Host, ss *session, sessionID tasksurface.SessionID, occ fold.Occurrence) (pending *submissionRecord, committed bool, err error) {
	if pending, committed = ss.forSurface(occ.SurfaceID, occ.CallID); pending != nil || committed || ss.covers(occ) {
		return pending, committed, nil
	}
	resp, err := host.ListInFlight(ctx, &tasksurface.ListInFlightRequest{SessionID: sessionID})
	if err != nil {
		return nil, false, fmt.Errorf("list the in-flight messages of session %s: %w", sessionID, err)
	}
	if resp == nil {
		return nil, false, nil
	}
	for _, m := range resp.Messages {
		c := wire.CorrelationOf(m.Source)
		if c == nil || c.SurfaceID != occ.SurfaceID || c.CallID != occ.CallID || m.MessageID == "" {
			continue
		}
		phase := m.Phase
		if phase != tasksurface.PhaseClaiming {
			phase = tasksurface.PhaseQueued
		}
		r := submissionRecord{
			surfaceID: occ.SurfaceID, callID: occ.CallID, submissionID: c.SubmissionID,
			messageID: m.MessageID, phase: phase, confirmed: true,
		}
		if ss.add(r) {
			s.logger.Info("adopted an in-flight submission from the host", "session", sessionID,
				"surface", occ.SurfaceID, "submission", c.SubmissionID, "message", m.MessageID, "phase", phase)
		}
	}
	ss.cover(occ)
	pending, committed = ss.forSurface(occ.SurfaceID, occ.CallID)
	return pending, committed, nil
}
