package main

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
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
	folds.RunLog(t, func(t *testing.T) folds.Session {
		id, err := h.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		return vectorSession{h, id}
	})
}

// vectorSession writes a vector's events into one of the harness's
// sessions.
type vectorSession struct {
	h  *Harness
	id string
}

func (s vectorSession) Append(ctx context.Context, events ...tasksurface.Event) error {
	s.h.appendMu.Lock()
	defer s.h.appendMu.Unlock()
	for _, e := range events {
		if err := s.h.write(ctx, s.id, e); err != nil {
			return err
		}
	}
	return nil
}

func (s vectorSession) View(ctx context.Context) (json.RawMessage, error) {
	resp, err := s.h.ReadProjection(ctx, &tasksurface.ReadProjectionRequest{SessionID: s.id})
	if err != nil {
		return nil, err
	}
	return resp.View, nil
}
