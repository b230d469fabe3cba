package hostkit_test

import (
	"testing"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
	"github.com/dsh-community/task-surface/sdk/tshost/hosttest"
	"github.com/dsh-community/task-surface/sdk/tshost/plugintest"
)

// startKit returns a Start of the kit over a FileStorage in dir, with a
// new plugin's server called directly or, with wire, over go-plugin's test
// connection.
func startKit(wire bool) hosttest.Start {
	return func(t *testing.T, dir string, tap hosttest.Tap) hosttest.Harness {
		t.Helper()
		logger := hclog.New(&hclog.LoggerOptions{Name: "hostkit-test", Level: hclog.Error, Output: hclog.DefaultOutput})
		storage, err := hostkit.NewFileStorage(dir)
		if err != nil {
			t.Fatal(err)
		}
		var plugin tasksurface.Server = server.New("test", logger)
		if wire {
			plugin = plugintest.Connect(t, plugin, plugintest.Config{HostName: "hostkit-test"})
		}
		kit := hostkit.New(hostkit.Config{Storage: storage, Logger: logger})
		if err := kit.Bind(t.Context(), tap(plugin)); err != nil {
			t.Fatal(err)
		}
		return hosttest.Kit(kit, nil)
	}
}

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
