package main

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
	"github.com/dsh-community/task-surface/sdk/tshost/hosttest"
	"github.com/dsh-community/task-surface/tests/conformance/folds"
)

// The shared fold vectors hold for this harness: through the plugin's
// Fold, and through its own file-backed log and the projection its host
// serves.
func TestFoldVectors(t *testing.T) {
	t.Parallel()
	plugin, digest := buildPlugin(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	h, err := Open(ctx, t.TempDir(), tshost.Config{Path: plugin, SHA256: digest, Logger: quietLogger()})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close(context.Background())
	folds.Run(t, h.Plugin())
	folds.RunLog(t, func(t *testing.T) folds.Session { return vectorSession{h, string(h.NewSession())} })
}

// vectorSession writes a vector's events into one of the harness's
// sessions.
type vectorSession struct {
	h  *Harness
	id string
}

func (s vectorSession) Append(ctx context.Context, events ...tasksurface.Event) error {
	return s.h.Kit().AppendEvents(ctx, tasksurface.SessionID(s.id), events...)
}

func (s vectorSession) View(ctx context.Context) (json.RawMessage, error) {
	resp, err := s.h.Kit().ReadProjection(ctx, &tasksurface.ReadProjectionRequest{SessionID: tasksurface.SessionID(s.id)})
	if err != nil {
		return nil, err
	}
	return resp.View, nil
}

// The harness passes the SDK's host conformance suite, over the plugin
// binary, with a restart of the whole harness where the suite asks for one.
func TestHostConformance(t *testing.T) {
	t.Parallel()
	plugin, digest := buildPlugin(t)
	hosttest.Run(t, func(t *testing.T, dir string) hosttest.Harness {
		h, err := Open(t.Context(), dir, tshost.Config{Path: plugin, SHA256: digest, Logger: quietLogger()})
		if err != nil {
			t.Fatal(err)
		}
		return suiteHarness{h}
	})
}

// suiteHarness is the harness as the suite drives it.
type suiteHarness struct{ *Harness }

func (h suiteHarness) Server() tasksurface.Server { return h.Plugin() }
func (h suiteHarness) Host() tasksurface.Host     { return h.Kit() }
func (h suiteHarness) NewSession(context.Context) (tasksurface.SessionID, error) {
	return h.Harness.NewSession(), nil
}
func (h suiteHarness) CallTool(ctx context.Context, sessionID tasksurface.SessionID, callID tasksurface.CallID, args json.RawMessage) (*tasksurface.ShowResponse, error) {
	return h.Kit().CallTool(ctx, sessionID, callID, args)
}
func (h suiteHarness) Claim(ctx context.Context, sessionID tasksurface.SessionID) (tasksurface.MessageID, error) {
	m, err := h.Kit().Claim(ctx, sessionID)
	return m.ID, err
}
func (h suiteHarness) Commit(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error {
	_, err := h.Kit().Commit(ctx, sessionID, messageID)
	return err
}
func (h suiteHarness) Discard(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error {
	return h.Kit().Discard(ctx, sessionID, messageID)
}
func (h suiteHarness) Remove(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) (*tasksurface.QueueActionResponse, error) {
	var refused *hostkit.RefusedError
	switch err := h.Kit().Remove(ctx, sessionID, messageID); {
	case errors.As(err, &refused):
		return &tasksurface.QueueActionResponse{Reason: refused.Reason}, nil
	case err != nil:
		return nil, err
	}
	return &tasksurface.QueueActionResponse{Allowed: true}, nil
}
func (h suiteHarness) Log(_ context.Context, sessionID tasksurface.SessionID) ([]tasksurface.Event, error) {
	return h.Kit().Log(sessionID), nil
}
