// Command task-surface-plugin is the Task Surface plugin binary. Started by
// a host through go-plugin it serves the plugin; started by a person or a
// script it is a small command-line tool over the same code:
//
//	task-surface-plugin validate FILE   check a model; prints {"valid", "problems"}
//	task-surface-plugin describe        print what the plugin declares, as JSON
//	task-surface-plugin version         print the version
//
// validate exits 0 when the model is valid, 1 when it is not, and 2 on a
// usage or I/O error.
package main

import (
	"os"
	"runtime"

	"github.com/dsh-community/task-surface/plugin/internal/heapfloor"
	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tsplugin"
)

// version is the release version; the bundle build sets it with -ldflags.
var version = "0.1.0-dev"

func main() {
	if tsplugin.IsPluginProcess() {
		oneProcessor()
		heapFloor()
		logger := tsplugin.NewLogger("task-surface")
		tsplugin.Serve(server.New(version, logger), tsplugin.WithLogger(logger))
		return
	}
	os.Exit(runCLI(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// oneProcessor runs the plugin's goroutines on one processor unless
// GOMAXPROCS is set in its environment. The plugin serves one harness; its
// calls take tens of microseconds, and a second processor mostly spun
// looking for work while the first served a call, taking CPU from the
// harness beside it. Measured on two cores (show_task_surface against the
// bare echo, call by call): 4 KiB Show 128 -> 116 us, 63 KiB 466 -> 397 us,
// and submissions from 10 and 100 sessions at once no slower.
func oneProcessor() {
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}
}

// floorBytes is how far the plugin's heap may grow between collections
// while what is live is less (see heapfloor).
const floorBytes = 16 << 20

// heapFloor runs the heap floor unless GOGC or GOMEMLIMIT is set in the
// plugin's environment, which then govern the collector as usual.
func heapFloor() {
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		heapfloor.Start(floorBytes)
	}
}
