package hostkit_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
	"github.com/dsh-community/task-surface/sdk/tshost/hosttest"
	"github.com/dsh-community/task-surface/sdk/tshost/tshosttest"
)

// kitHarness is a harness made of the kit alone, over a plugin in this
// process.
type kitHarness struct {
	kit *hostkit.Host
	srv tasksurface.Server
}

// startKit returns a Start of the kit over a FileStorage in dir, with the
// plugin's server called directly or, with wire, over go-plugin's test
// connection (the broker carrying the host's services back).
func startKit(wire bool) hosttest.Start {
	return func(t *testing.T, dir string) hosttest.Harness {
		t.Helper()
		logger := hclog.New(&hclog.LoggerOptions{Name: "hostkit-test", Level: hclog.Error, Output: hclog.DefaultOutput})
		storage, err := hostkit.NewFileStorage(dir)
		if err != nil {
			t.Fatal(err)
		}
		kit := hostkit.New(hostkit.Config{Storage: storage, Logger: logger})
		impl := server.New("test", logger)
		if wire {
			return kitHarness{kit: kit, srv: tshosttest.Connect(t, impl, tshosttest.Config{NewHost: kit.Bind, Logger: logger})}
		}
		host, err := kit.Bind(impl)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := impl.Configure(t.Context(), &tasksurface.ConfigureRequest{Host: host, HostName: "hostkit-test"}); err != nil {
			t.Fatal(err)
		}
		return kitHarness{kit: kit, srv: impl}
	}
}

func (h kitHarness) Server() tasksurface.Server { return h.srv }
func (h kitHarness) Host() tasksurface.Host     { return h.kit }
func (h kitHarness) NewSession(context.Context) (tasksurface.SessionID, error) {
	return h.kit.NewSession(), nil
}
func (h kitHarness) CallTool(ctx context.Context, sessionID tasksurface.SessionID, callID tasksurface.CallID, args json.RawMessage) (*tasksurface.ShowResponse, error) {
	return h.kit.CallTool(ctx, sessionID, callID, args)
}
func (h kitHarness) Claim(ctx context.Context, sessionID tasksurface.SessionID) (tasksurface.MessageID, error) {
	m, err := h.kit.Claim(ctx, sessionID)
	return m.ID, err
}
func (h kitHarness) Commit(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error {
	_, err := h.kit.Commit(ctx, sessionID, messageID)
	return err
}
func (h kitHarness) Discard(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error {
	return h.kit.Discard(ctx, sessionID, messageID)
}
func (h kitHarness) Remove(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) (*tasksurface.QueueActionResponse, error) {
	err := h.kit.Remove(ctx, sessionID, messageID)
	var refused *hostkit.RefusedError
	switch {
	case errors.As(err, &refused):
		return &tasksurface.QueueActionResponse{Reason: refused.Reason}, nil
	case err != nil:
		return nil, err
	}
	return &tasksurface.QueueActionResponse{Allowed: true}, nil
}
func (h kitHarness) Log(_ context.Context, sessionID tasksurface.SessionID) ([]tasksurface.Event, error) {
	return h.kit.Log(sessionID), nil
}
func (h kitHarness) Close(context.Context) error { return nil }

// The kit passes the host conformance suite over its file storage, with
// the plugin called directly and over the wire.
func TestHostConformance(t *testing.T) {
	t.Parallel()
	t.Run("direct", func(t *testing.T) {
		t.Parallel()
		hosttest.Run(t, startKit(false))
	})
	t.Run("over the wire", func(t *testing.T) {
		t.Parallel()
		hosttest.Run(t, startKit(true))
	})
}
