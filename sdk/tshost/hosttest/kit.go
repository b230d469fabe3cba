package hosttest

import (
	"context"
	"errors"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
)

// Kit is the Harness of a hostkit.Host bound through the suite's tap;
// close stops the harness's plugin (a Supervisor's Close, say). A harness
// built on the kit runs the suite with it:
//
//	hosttest.Run(t, func(t *testing.T, dir string, tap hosttest.Tap) hosttest.Harness {
//		storage, err := hostkit.NewFileStorage(dir)
//		...
//		sup, err := tshost.Supervise(t.Context(), cfg, tshost.SuperviseOptions{})
//		...
//		kit := hostkit.New(hostkit.Config{Storage: storage})
//		if err := kit.Bind(t.Context(), tap(sup)); err != nil {
//			t.Fatal(err)
//		}
//		return hosttest.Kit(kit, sup.Close)
//	})
func Kit(kit *hostkit.Host, close func(context.Context) error) Harness {
	return kitHarness{Host: kit, close: close}
}

// kitHarness adapts the kit's methods that return more than the suite
// reads.
type kitHarness struct {
	*hostkit.Host
	close func(context.Context) error
}

func (h kitHarness) NewSession(context.Context) (tasksurface.SessionID, error) {
	return h.Host.NewSession(), nil
}

func (h kitHarness) Send(ctx context.Context, sessionID tasksurface.SessionID, text string) (tasksurface.MessageID, error) {
	m, err := h.Host.Send(ctx, sessionID, text)
	return m.ID, err
}

func (h kitHarness) Claim(ctx context.Context, sessionID tasksurface.SessionID) (tasksurface.MessageID, error) {
	m, err := h.Host.Claim(ctx, sessionID)
	return m.ID, err
}

func (h kitHarness) Commit(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error {
	_, err := h.Host.Commit(ctx, sessionID, messageID)
	return err
}

func (h kitHarness) Remove(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) (*tasksurface.QueueActionResponse, error) {
	var refused *hostkit.RefusedError
	switch err := h.Host.Remove(ctx, sessionID, messageID); {
	case errors.As(err, &refused):
		return &tasksurface.QueueActionResponse{Reason: refused.Reason}, nil
	case err != nil:
		return nil, err
	}
	return &tasksurface.QueueActionResponse{Allowed: true}, nil
}

func (h kitHarness) Returned(_ context.Context, sessionID tasksurface.SessionID) ([]tasksurface.UserMessage, error) {
	return h.Host.Returned(sessionID), nil
}

func (h kitHarness) Log(_ context.Context, sessionID tasksurface.SessionID) ([]tasksurface.Event, error) {
	return h.Host.Log(sessionID), nil
}

func (h kitHarness) Close(ctx context.Context) error {
	if h.close == nil {
		return nil
	}
	return h.close(ctx)
}
