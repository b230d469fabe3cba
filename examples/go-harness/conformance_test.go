package main

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
	"github.com/dsh-community/task-surface/sdk/tshost/hosttest"
	"github.com/dsh-community/task-surface/tests/conformance/folds"
)

// The shared fold vectors hold for this harness: through the plugin's
// Fold, and through its own file-backed log and the projection its host
// holds.
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
	return s.h.Kit().View(ctx, tasksurface.SessionID(s.id))
}

// The harness passes the SDK's host conformance suite, over the plugin
// binary, with a restart of the whole harness where the suite asks for one.
func TestHostConformance(t *testing.T) {
	t.Parallel()
	plugin, digest := buildPlugin(t)
	hosttest.Run(t, func(t *testing.T, dir string, tap hosttest.Tap) hosttest.Harness {
		h, err := open(t.Context(), dir, tshost.Config{Path: plugin, SHA256: digest, Logger: quietLogger()}, tap)
		if err != nil {
			t.Fatal(err)
		}
		return hosttest.Kit(h.Kit(), h.Close)
	})
}
