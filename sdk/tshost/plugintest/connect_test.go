package plugintest_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
	"github.com/dsh-community/task-surface/sdk/tshost/plugintest"
)

// Calls cross the connection: the plugin declares itself, and a host bound
// to the connection opens a surface and reads it back with its snapshot.
func TestConnect(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	srv := plugintest.Connect(t, server.New("test", nil), plugintest.Config{Limits: tasksurface.Limits{MaxFields: 2}})
	desc, err := srv.Describe(ctx)
	if err != nil || desc.Tool.Name == "" {
		t.Fatalf("Describe = %+v, %v; want the plugin's declaration", desc, err)
	}
	kit := hostkit.New(hostkit.Config{Storage: hostkit.NewMemoryStorage()})
	if err := kit.Bind(ctx, srv); err != nil {
		t.Fatal(err)
	}
	session := kit.NewSession()
	toggles := func(n int) json.RawMessage {
		fields := make([]any, n)
		for i := range fields {
			fields[i] = map[string]string{"kind": "toggle", "id": fmt.Sprintf("t%d", i), "label": "T"}
		}
		args, _ := json.Marshal(map[string]any{"model": map[string]any{"version": 1, "title": "T", "sections": []any{},
			"fields": fields, "submit": map[string]string{"label": "Go"}}})
		return args
	}
	if resp, err := kit.CallTool(ctx, session, "call_0", toggles(3)); err != nil || resp.OK {
		t.Fatalf("a model over the configured limit = %+v, %v; want refused", resp, err)
	}
	shown, err := kit.CallTool(ctx, session, "call_1", toggles(2))
	if err != nil || !shown.OK || shown.SurfaceID == "" {
		t.Fatalf("CallTool = %+v, %v; want the surface open, named", shown, err)
	}
	if a, err := kit.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: session}); err != nil || !a.Active || a.CallID != "call_1" || a.SurfaceID != shown.SurfaceID {
		t.Fatalf("GetActive = %+v, %v; want call_1's surface %s open", a, err, shown.SurfaceID)
	}
}

// A malformed request crosses the connection as InvalidArgument and comes
// back as tshost.ErrInvalidRequest, naming the field by its pointer and no
// type of the plugin's code.
func TestMalformedRequestIsInvalidArgument(t *testing.T) {
	t.Parallel()
	srv := plugintest.Connect(t, server.New("test", nil), plugintest.Config{})
	for name, tc := range map[string]struct {
		view    string
		pointer string
	}{
		"active is a number":  {`{"active":7,"outcomes":[]}`, "/snapshot/projection/active"},
		"outcomes not a list": {`{"active":null,"outcomes":{}}`, "/snapshot/projection/outcomes"},
		"no view":             {``, "/snapshot/projection"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := srv.GetActive(t.Context(), &tasksurface.GetActiveRequest{SessionID: "s",
				Snapshot: tasksurface.Snapshot{Projection: json.RawMessage(tc.view)}})
			switch {
			case !errors.Is(err, tshost.ErrInvalidRequest):
				t.Fatalf("GetActive = %v; want ErrInvalidRequest", err)
			case !strings.Contains(err.Error(), tc.pointer+":"):
				t.Errorf("error %q does not name %s", err, tc.pointer)
			case strings.Contains(err.Error(), "fold.") || strings.Contains(err.Error(), "Go "):
				t.Errorf("error %q names the plugin's types", err)
			}
		})
	}
}
