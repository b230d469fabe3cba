package plugintest

import (
	"context"
	"testing"

	"github.com/hashicorp/go-plugin"

	"github.com/dsh-community/task-surface/sdk/internal/transport"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Config says what Connect configures the plugin with.
type Config struct {
	// Limits are handed to the plugin's Configure.
	Limits tasksurface.Limits
	// HostName names the harness in the plugin's logs; "plugintest" when
	// empty.
	HostName string
}

// Connect serves impl over go-plugin's test connection and returns the
// host's side of it, configured: calls on it cross a real gRPC connection
// to impl. The connection closes when the test ends. Connect fails the test
// when the plugin cannot be reached or configured.
func Connect(t testing.TB, impl tasksurface.Server, cfg Config) tasksurface.Server {
	t.Helper()
	plugins := map[string]plugin.Plugin{
		tasksurface.PluginName: &transport.Plugin{Impl: impl},
	}
	client, server := plugin.TestPluginGRPCConn(t, false, plugins)
	t.Cleanup(func() {
		// The server first: closing the client asks the plugin to shut
		// down, and that request's handler stops the same server, which
		// go-plugin does not guard against a second, concurrent Stop.
		server.Stop()
		_ = client.Close()
	})
	raw, err := client.Dispense(tasksurface.PluginName)
	if err != nil {
		t.Fatalf("plugintest: dispense %s: %v", tasksurface.PluginName, err)
	}
	srv, ok := raw.(tasksurface.Server)
	if !ok {
		t.Fatalf("plugintest: dispensed %T, not a tasksurface.Server", raw)
	}
	req := &tasksurface.ConfigureRequest{Limits: cfg.Limits, HostName: cfg.HostName}
	if req.HostName == "" {
		req.HostName = "plugintest"
	}
	ctx := context.Background()
	if _, err := srv.Configure(ctx, req); err != nil {
		t.Fatalf("plugintest: configure: %v", err)
	}
	return srv
}
