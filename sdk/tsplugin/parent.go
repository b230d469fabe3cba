package tsplugin

import (
	"os"
	"time"

	"github.com/hashicorp/go-hclog"
)

// watchParent exits the process once the process that started it is gone.
// An orphan is re-parented, so its parent pid changes; go-plugin itself
// never notices a host that died without shutting the plugin down.
func watchParent(logger hclog.Logger, interval time.Duration) {
	parent := os.Getppid()
	if parent <= 1 {
		return
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for range t.C {
		if os.Getppid() != parent {
			logger.Warn("host process exited; stopping the plugin", "host_pid", parent)
			os.Exit(0)
		}
	}
}
