package tshost_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
	"github.com/dsh-community/task-surface/sdk/tsplugin"
)

// A plugin served for a debugger prints where it listens; a host given
// that line attaches to it and opens a surface through it; after the
// host's Close the plugin still serves, so a restarted harness attaches
// again and reads the surface back; the plugin stops when its context
// ends.
func TestLaunchAttachesToAPluginServedForADebugger(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		read func(line string) string // what the harness is handed
	}{
		{"the printed line", func(line string) string { return line }},
		{"the variable's value", func(line string) string { return line[len(tasksurface.ReattachEnv)+1:] }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			logger := hclog.New(&hclog.LoggerOptions{Level: hclog.Error})
			out, in := io.Pipe()
			served := make(chan error, 1)
			go func() {
				served <- tsplugin.ServeDebug(ctx, server.New("test", logger), in, tsplugin.WithLogger(logger))
			}()
			line, err := bufio.NewReader(out).ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			rc, err := tasksurface.ParseReattach(tt.read(line))
			if err != nil {
				t.Fatal(err)
			}
			storage := hostkit.NewMemoryStorage()
			kit := hostkit.New(hostkit.Config{Storage: storage, Logger: logger})
			session := kit.NewSession()
			args, _ := json.Marshal(map[string]any{"model": map[string]any{"version": 1, "title": "Attached",
				"sections": []any{map[string]any{"id": "s", "blocks": []any{map[string]any{"kind": "markdown", "text": "Attached."}}}},
				"fields":   []any{map[string]any{"kind": "text", "id": "n", "label": "Note"}},
				"submit":   map[string]any{"label": "Send"}}})
			// Attach, open a surface, close; attach again (a restarted
			// harness) and read it back.
			for attempt := range 2 {
				p, err := tshost.Launch(ctx, tshost.Config{Reattach: rc, Logger: logger})
				if err != nil {
					t.Fatalf("attach %d: %v", attempt+1, err)
				}
				if err := kit.Bind(ctx, p); err != nil {
					t.Fatal(err)
				}
				if attempt == 0 {
					if resp, err := kit.CallTool(ctx, session, "call_1", args); err != nil || !resp.OK {
						t.Fatalf("CallTool = %+v, %v; want the surface open", resp, err)
					}
				}
				if a, err := kit.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: session}); err != nil || !a.Active {
					t.Fatalf("attach %d: GetActive = %+v, %v; want the surface open", attempt+1, a, err)
				}
				if err := p.Close(ctx); err != nil {
					t.Fatal(err)
				}
				kit = hostkit.New(hostkit.Config{Storage: storage, Logger: logger})
			}
			cancel()
			if err := <-served; err != nil {
				t.Errorf("ServeDebug = %v, want nil once its context ends", err)
			}
		})
	}
}
