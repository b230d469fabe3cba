package tsplugin

import (
	"os"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/dsh-community/task-surface/sdk/internal/transport"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ServeOpt configures Serve.
type ServeOpt interface {
	applyServeOpt(*serveConfig)
}

type serveOptFunc func(*serveConfig)

func (f serveOptFunc) applyServeOpt(c *serveConfig) { f(c) }

type serveConfig struct {
	logger      hclog.Logger
	parentWatch time.Duration
}

// DefaultParentWatch is how often Serve checks, by default, that the process
// that started the plugin is alive. A check is one getppid system call.
const DefaultParentWatch = 100 * time.Millisecond

// WithLogger sets the logger the transport logs through. It must write to
// the process's original stderr; NewLogger makes one that does.
func WithLogger(l hclog.Logger) ServeOpt {
	return serveOptFunc(func(c *serveConfig) { c.logger = l })
}

// WithParentWatch sets how often the plugin checks that the process that
// started it is still alive; zero turns the check off. The default,
// DefaultParentWatch, ends an orphaned plugin well within a second of its
// host's death.
func WithParentWatch(interval time.Duration) ServeOpt {
	return serveOptFunc(func(c *serveConfig) { c.parentWatch = interval })
}

// NewLogger returns an hclog logger that writes JSON lines to the current
// stderr at the level named by the TASK_SURFACE_LOG_LEVEL environment
// variable (trace, debug, info, warn, error; info when unset). Call it
// before Serve: go-plugin replaces os.Stderr once serving starts.
func NewLogger(name string) hclog.Logger {
	level := hclog.LevelFromString(os.Getenv("TASK_SURFACE_LOG_LEVEL"))
	if level == hclog.NoLevel {
		level = hclog.Info
	}
	return hclog.New(&hclog.LoggerOptions{
		Name:       name,
		Level:      level,
		Output:     os.Stderr,
		JSONFormat: true,
	})
}

// Serve serves impl to the host that started this process and returns when
// the host shuts the plugin down. A process started by hand, without the
// handshake's magic cookie, gets go-plugin's explanation and exits 1; check
// IsPluginProcess first to offer a command-line face instead.
func Serve(impl tasksurface.Server, opts ...ServeOpt) {
	cfg := serveConfig{parentWatch: DefaultParentWatch}
	for _, o := range opts {
		o.applyServeOpt(&cfg)
	}
	if cfg.logger == nil {
		cfg.logger = NewLogger("task-surface")
	}
	if cfg.parentWatch > 0 {
		go watchParent(cfg.logger, cfg.parentWatch)
	}
	plugin.Serve(serveConfigOf(impl, cfg.logger))
}

// serveConfigOf is go-plugin's configuration for serving impl: the
// handshake, the versioned plugin set, the gRPC server with the
// transport's options, and logger. Serve and ServeDebug both serve with it.
func serveConfigOf(impl tasksurface.Server, logger hclog.Logger) *plugin.ServeConfig {
	return &plugin.ServeConfig{
		HandshakeConfig: tasksurface.Handshake,
		VersionedPlugins: map[int]plugin.PluginSet{
			tasksurface.ProtocolVersion: {
				tasksurface.PluginName: &transport.Plugin{Impl: impl},
			},
		},
		GRPCServer: func(opts []grpc.ServerOption) *grpc.Server {
			return grpc.NewServer(append(opts, transport.ServerOptions()...)...)
		},
		Logger: logger,
	}
}

// IsPluginProcess reports whether a host started this process: the
// handshake's magic cookie key is in the environment. A wrong value still
// counts, so that Serve refuses it with go-plugin's explanation instead of
// the process answering the host with a command-line face.
func IsPluginProcess() bool {
	return os.Getenv(tasksurface.Handshake.MagicCookieKey) != ""
}
