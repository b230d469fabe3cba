package tsplugin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/hashicorp/go-plugin"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ServeDebug serves impl for a host that attaches to it, instead of one
// that starts it: run the plugin under a debugger with it, and hand the
// line it prints to out (TASK_SURFACE_REATTACH=<json>, see
// tasksurface.ReattachConfig) to the harness as tshost.Config.Reattach.
// It serves without the handshake's cookie and without TLS, does not stop
// when its parent does, and outlives a host's Close, so a harness can
// attach again after a restart; it returns when ctx is done. Debugging
// only: anyone who can reach the socket can call the plugin.
func ServeDebug(ctx context.Context, impl tasksurface.Server, out io.Writer, opts ...ServeOpt) error {
	cfg := serveConfig{}
	for _, o := range opts {
		o.applyServeOpt(&cfg)
	}
	if cfg.logger == nil {
		cfg.logger = NewLogger("task-surface")
	}
	reattach := make(chan *plugin.ReattachConfig, 1)
	closed := make(chan struct{})
	serve := serveConfigOf(impl, cfg.logger)
	serve.Test = &plugin.ServeTestConfig{Context: ctx, ReattachConfigCh: reattach, CloseCh: closed}
	go plugin.Serve(serve)
	select {
	case rc := <-reattach:
		line := tasksurface.ReattachConfig{Network: rc.Addr.Network(), Address: rc.Addr.String(), Pid: os.Getpid()}
		if _, err := fmt.Fprintln(out, line); err != nil {
			return fmt.Errorf("tsplugin: print the reattach config: %w", err)
		}
		cfg.logger.Info("serving for a host to attach", "network", line.Network, "address", line.Address, "pid", line.Pid)
	case <-closed:
		return errors.New("tsplugin: the plugin stopped before it listened")
	}
	<-closed
	return nil
}
