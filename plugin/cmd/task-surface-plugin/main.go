// Command task-surface-plugin is the Task Surface plugin binary. Started by
// a host through go-plugin it serves the plugin; started by a person or a
// script it is a small command-line tool over the same code:
//
//	task-surface-plugin validate FILE   check a model or the tool's arguments {"model": ...};
//	                                    prints {"valid", "input", "problems"}
//	task-surface-plugin describe        print what the plugin declares, as JSON
//	task-surface-plugin version         print the version
//	task-surface-plugin debug           serve for a harness to attach (under a debugger)
//
// Each command answers --help. validate says in "input" which of the two it
// read ("model" or "arguments"), and exits 0 when it is valid, 1 when it is
// not, and 2 on a usage or I/O error.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tsplugin"
)

// version is the release version; the bundle build sets it with -ldflags.
var version = "0.1.0-dev"

func main() {
	if tsplugin.IsPluginProcess() {
		logger := tsplugin.NewLogger("task-surface")
		tsplugin.Serve(server.New(version, logger), tsplugin.WithLogger(logger))
		return
	}
	if len(os.Args) == 2 && os.Args[1] == "debug" {
		os.Exit(debug())
	}
	os.Exit(runCLI(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// debug serves the plugin for a harness to attach to (tshost.Config's
// Reattach), until interrupted: start it under a debugger, and hand the
// TASK_SURFACE_REATTACH line it prints to the harness.
func debug() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	logger := tsplugin.NewLogger("task-surface")
	if err := tsplugin.ServeDebug(ctx, server.New(version, logger), os.Stdout, tsplugin.WithLogger(logger)); err != nil {
		fmt.Fprintln(os.Stderr, "task-surface-plugin debug:", err)
		return 1
	}
	return 0
}
