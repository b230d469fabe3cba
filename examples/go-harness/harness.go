package main

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
)

// Harness is a small Go harness whose sessions survive a crash of the
// plugin and of itself. Everything Task Surface needs from it comes from
// the SDK: the plugin is supervised (tshost.Supervise), and the host that
// acts on the plugin's decisions is the SDK's kit (hostkit), which keeps
// each session's log in dir as <id>.jsonl (appended and synced, a torn
// last line cut off and reported), the queue in the same log, sends the
// plugin a snapshot of the session with every request, carries out what it
// decides and reports it. What is the harness's own is what it does with
// them: here a model that calls the tool once, a UI that submits, and an
// agent that takes one message a turn.
type Harness struct {
	kit *hostkit.Host
	sup *tshost.Supervisor
}

// Open launches the plugin of cfg for the sessions kept in dir, and binds
// the kit to it, which reads the sessions back.
func Open(ctx context.Context, dir string, cfg tshost.Config) (*Harness, error) {
	return open(ctx, dir, cfg, nil)
}

// open is Open with the kit calling the plugin through wrap, when set (the
// conformance suite's tap).
func open(ctx context.Context, dir string, cfg tshost.Config, wrap func(tasksurface.Server) tasksurface.Server) (*Harness, error) {
	storage, err := hostkit.NewFileStorage(dir)
	if err != nil {
		return nil, err
	}
	if cfg.Verified == nil {
		// Hash the plugin binary once per install, not once per start.
		cfg.Verified = tshost.NewVerifiedBinaries(filepath.Join(dir, "verified"))
	}
	sup, err := tshost.Supervise(ctx, cfg, tshost.SuperviseOptions{})
	if err != nil {
		return nil, err
	}
	var plugin tasksurface.Server = sup
	if wrap != nil {
		plugin = wrap(sup)
	}
	kit := hostkit.New(hostkit.Config{Storage: storage, Logger: cfg.Logger})
	if err := kit.Bind(ctx, plugin); err != nil {
		_ = sup.Close(context.Background())
		return nil, err
	}
	return &Harness{kit: kit, sup: sup}, nil
}

// Close stops the plugin.
func (h *Harness) Close(ctx context.Context) error { return h.sup.Close(ctx) }

// Plugin is the supervised plugin.
func (h *Harness) Plugin() *tshost.Supervisor { return h.sup }

// Kit is the harness's host: the UI's GetActive, Check, Submit and
// Dismiss, the composer's Send, the agent's queue.
func (h *Harness) Kit() *hostkit.Host { return h.kit }

// NewSession starts an empty session.
func (h *Harness) NewSession() tasksurface.SessionID { return h.kit.NewSession() }

// CallTool is the model calling the plugin's tool.
func (h *Harness) CallTool(ctx context.Context, session tasksurface.SessionID, args []byte) (*tasksurface.ShowResponse, error) {
	return h.kit.CallTool(ctx, session, tasksurface.CallID(fmt.Sprintf("call_%d", time.Now().UnixNano())), args)
}

// Step is the agent taking the oldest queued message for its next turn
// and committing it to the log; the plugin hears of both.
func (h *Harness) Step(ctx context.Context, session tasksurface.SessionID) (*tasksurface.UserMessage, error) {
	m, err := h.kit.Step(ctx, session)
	if err != nil {
		return nil, err
	}
	return &m, nil
}
