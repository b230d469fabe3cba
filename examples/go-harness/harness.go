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
// the SDK: the plugin is supervised (tshost.Supervise), and the host the
// plugin talks to is the SDK's kit (hostkit), which keeps each session's
// log in dir as <id>.jsonl (appended and synced, a torn last line cut off
// and reported), the queue in the same log, and reports every queue change
// to the plugin. What is the harness's own is what it does with them: here
// a model that calls the tool once and an agent that takes one message a
// turn.
type Harness struct {
	kit *hostkit.Host
	sup *tshost.Supervisor
}

// Open launches the plugin of cfg for the sessions kept in dir; the kit
// reads them back before the first launch.
func Open(ctx context.Context, dir string, cfg tshost.Config) (*Harness, error) {
	storage, err := hostkit.NewFileStorage(dir)
	if err != nil {
		return nil, err
	}
	kit := hostkit.New(hostkit.Config{Storage: storage, Logger: cfg.Logger})
	cfg.NewHost = kit.Bind
	if cfg.Verified == nil {
		// Hash the plugin binary once per install, not once per start.
		cfg.Verified = tshost.NewVerifiedBinaries(filepath.Join(dir, "verified"))
	}
	sup, err := tshost.Supervise(ctx, cfg, tshost.SuperviseOptions{})
	if err != nil {
		return nil, err
	}
	return &Harness{kit: kit, sup: sup}, nil
}

// Close stops the plugin.
func (h *Harness) Close(ctx context.Context) error { return h.sup.Close(ctx) }

// Plugin is the supervised plugin, for the client's calls.
func (h *Harness) Plugin() *tshost.Supervisor { return h.sup }

// Kit is the harness's host.
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
