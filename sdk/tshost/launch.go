package tshost

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/hashicorp/go-plugin"
	"google.golang.org/grpc"

	"github.com/dsh-community/task-surface/sdk/internal/transport"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Plugin is one running plugin process. It implements tasksurface.Server by
// calling the process (plugin.go); Close stops it.
type Plugin struct {
	rpc     *transport.Client
	client  *plugin.Client
	desc    *tasksurface.Description
	config  *tasksurface.ConfigureResponse
	sockDir string
	pid     int

	closeOnce sync.Once
	exited    chan struct{}
}

// Launch starts the plugin binary cfg.Path after verifying its digest,
// completes the handshake with AutoMTLS, checks the contract's major
// version and configures the plugin. The context bounds the whole launch;
// the process itself lives until Close. With cfg.Reattach it starts
// nothing and attaches to the plugin already running there (see
// Config.Reattach).
func Launch(ctx context.Context, cfg Config) (*Plugin, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	cfg = cfg.withLogger()
	if cfg.Reattach != nil {
		return attach(ctx, cfg)
	}
	logger := cfg.Logger
	// The check go-plugin's SecureConfig makes, done here so that an
	// unchanged binary verified before is not hashed again.
	how, err := cfg.Verified.Verify(cfg.Path, cfg.SHA256)
	if err != nil {
		return nil, err
	}
	logger.Debug("plugin binary verified", "path", cfg.Path, "how", how.String())
	// A private folder per launch: the plugin's socket lives here,
	// readable by this user only, removed after exit.
	sockDir, err := os.MkdirTemp("", "tsp-")
	if err != nil {
		return nil, fmt.Errorf("tshost: create socket folder: %w", err)
	}
	cmd := exec.Command(cfg.Path, cfg.Args...)
	cmd.Env = append(append(os.Environ(), cfg.Env...), "PLUGIN_UNIX_SOCKET_DIR="+sockDir)
	bindToHost(cmd)

	client := plugin.NewClient(&plugin.ClientConfig{
		HandshakeConfig: tasksurface.Handshake,
		VersionedPlugins: map[int]plugin.PluginSet{
			tasksurface.ProtocolVersion: {tasksurface.PluginName: &transport.Plugin{}},
		},
		Cmd:              cmd,
		AllowedProtocols: []plugin.Protocol{plugin.ProtocolGRPC},
		AutoMTLS:         true,
		Logger:           logger.Named("plugin"),
		StartTimeout:     cfg.startTimeout(),
		SyncStdout:       &lineLogger{logger: logger, stream: "stdout"},
		SyncStderr:       &lineLogger{logger: logger, stream: "stderr"},
		GRPCDialOptions:  []grpc.DialOption{grpc.WithDefaultCallOptions(transport.CallOptions()...)},
	})
	return begin(ctx, &Plugin{client: client, sockDir: sockDir, exited: make(chan struct{})}, cfg)
}

// begin completes the launch and watches p.
func begin(ctx context.Context, p *Plugin, cfg Config) (*Plugin, error) {
	if err := p.start(ctx, cfg); err != nil {
		p.kill()
		return nil, err
	}
	go p.watch()
	return p, nil
}

func (p *Plugin) start(ctx context.Context, cfg Config) error {
	rpc, err := p.client.Client()
	if err != nil {
		if strings.Contains(strings.ToLower(err.Error()), "incompatible api version") {
			return fmt.Errorf("tshost: %s speaks another protocol version than this host (%d): install a plugin and a host of matching releases: %w", cfg.Path, tasksurface.ProtocolVersion, err)
		}
		return fmt.Errorf("tshost: start %s: %w", cfg.Path, err)
	}
	if rc := p.client.ReattachConfig(); rc != nil {
		p.pid = rc.Pid
	}
	raw, err := rpc.Dispense(tasksurface.PluginName)
	if err != nil {
		return fmt.Errorf("tshost: dispense %s: %w", tasksurface.PluginName, err)
	}
	server, ok := raw.(*transport.Client)
	if !ok {
		return fmt.Errorf("tshost: dispensed %T, not the Task Surface client", raw)
	}
	p.rpc = server
	// Describe and Configure travel together: neither needs the other's
	// answer, and a round trip less is a shorter launch. A plugin of
	// another contract is still refused before Launch returns.
	var (
		conf       *tasksurface.ConfigureResponse
		confErr    error
		configured = make(chan struct{})
	)
	go func() {
		defer close(configured)
		conf, confErr = server.Configure(ctx, &tasksurface.ConfigureRequest{Limits: cfg.Limits, HostName: cfg.HostName})
	}()
	desc, err := server.Describe(ctx)
	<-configured
	if err != nil {
		return fmt.Errorf("tshost: describe: %w", err)
	}
	if major(desc.APIVersion) != major(tasksurface.APIVersion) {
		return fmt.Errorf("tshost: plugin speaks contract %s, this host speaks %s: install a plugin and a host of matching releases", desc.APIVersion, tasksurface.APIVersion)
	}
	p.desc = desc
	if confErr != nil {
		return fmt.Errorf("tshost: configure: %w", confErr)
	}
	p.config = conf
	return nil
}

func major(v string) string {
	if i := strings.IndexByte(v, '.'); i >= 0 {
		return v[:i]
	}
	return v
}

// watch closes exited when the process ends, for whatever reason.
func (p *Plugin) watch() {
	for !p.client.Exited() {
		time.Sleep(25 * time.Millisecond)
	}
	p.kill()
}

// kill stops the process and removes its socket folder; it is idempotent.
func (p *Plugin) kill() {
	p.closeOnce.Do(func() {
		// go-plugin's Kill asks the plugin to shut down, waits up to two
		// seconds for it to exit, then kills it.
		p.client.Kill()
		_ = os.RemoveAll(p.sockDir)
		close(p.exited)
	})
}

// Description is what the plugin declared at launch.
func (p *Plugin) Description() *tasksurface.Description { return p.desc }

// Configuration is the plugin's answer to Configure at launch.
func (p *Plugin) Configuration() *tasksurface.ConfigureResponse { return p.config }

// Pid is the plugin's process id.
func (p *Plugin) Pid() int { return p.pid }

// NegotiatedVersion is the protocol version both sides agreed on.
func (p *Plugin) NegotiatedVersion() int { return p.client.NegotiatedVersion() }

// Exited is closed once the process has ended and been cleaned up.
func (p *Plugin) Exited() <-chan struct{} { return p.exited }

// Close shuts the plugin down gracefully (Shutdown, wait, then kill) and
// waits for it to be gone, or for ctx to end.
func (p *Plugin) Close(ctx context.Context) error {
	done := make(chan struct{})
	go func() {
		p.kill()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
