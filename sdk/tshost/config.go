package tshost

import (
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// ErrNoHost is returned (wrapped) by Launch and Supervise when Config names
// no host and does not set AllowNoHost: without one, every plugin call that
// needs the session log fails.
var ErrNoHost = errors.New("no host")

// Config says which plugin binary to launch and what to give it.
type Config struct {
	// Path is the plugin binary.
	Path string
	// SHA256 is the expected hex SHA-256 of the binary; a launch refuses a
	// binary with any other digest. It is required.
	SHA256 string
	// Verified remembers the binaries already checked against SHA256, so a
	// launch of the same unchanged file checks its identity instead of
	// hashing it again (see VerifiedBinaries). When nil, Launch hashes the
	// binary every time and Supervise keeps one in memory for its restarts.
	Verified *VerifiedBinaries
	// Args are extra command-line arguments.
	Args []string
	// Env are extra environment variables ("KEY=value").
	Env []string
	// Logger receives the plugin's logs and the SDK's own. When nil, the
	// SDK logs to standard error through hclog.Default and says so once.
	Logger hclog.Logger
	// NewHost builds the harness's tasksurface.Host from the server it will
	// serve: the Supervisor (or, for Launch, the Plugin), so the host can
	// fold its log through server.Fold (see Projections) without a setter.
	// Supervise calls it once, before the first launch; the host it returns
	// serves every restart. Set NewHost or Host, not both.
	NewHost func(server tasksurface.Server) (tasksurface.Host, error)
	// Host is the harness's services for a host that needs no server, served
	// to the plugin over the broker.
	Host tasksurface.Host
	// AllowNoHost launches a plugin with no host: only Describe, Validate,
	// Fold and Show (with its Projection) work. Without it a launch with
	// neither NewHost nor Host fails with ErrNoHost.
	AllowNoHost bool
	// Limits are handed to the plugin's Configure.
	Limits tasksurface.Limits
	// HostName names the harness in the plugin's logs.
	HostName string
	// StartTimeout bounds the wait for the plugin's handshake; 30 seconds
	// when zero.
	StartTimeout time.Duration
	// Reattach, when set, attaches to a plugin that is already running
	// instead of starting Path: one started under a debugger with
	// tsplugin.ServeDebug (the plugin binary's `debug` command), which
	// prints the config to pass here (tasksurface.ParseReattach reads
	// it). Path, SHA256, Verified, Args and Env are then unused: nothing
	// is verified, and the connection has no TLS. The plugin's logs stay
	// on its own output. Close leaves the process running, and a
	// Supervisor cannot restart it: start it again under the debugger.
	// For debugging only.
	Reattach *tasksurface.ReattachConfig
}

func (c Config) validate() error {
	if c.Reattach != nil {
		return c.validateHost()
	}
	if c.Path == "" {
		return errors.New("tshost: Config.Path is empty")
	}
	if c.SHA256 == "" {
		return errors.New("tshost: Config.SHA256 is empty: a plugin is launched only with the digest its manifest records")
	}
	if sum, err := hex.DecodeString(c.SHA256); err != nil || len(sum) != 32 {
		return fmt.Errorf("tshost: Config.SHA256 %q is not a hex SHA-256 digest", c.SHA256)
	}
	return c.validateHost()
}

// validateHost checks that the config names one host, or allows none.
func (c Config) validateHost() error {
	switch {
	case c.NewHost != nil && c.Host != nil:
		return errors.New("tshost: Config sets both NewHost and Host; set one")
	case c.NewHost == nil && c.Host == nil && !c.AllowNoHost:
		return fmt.Errorf("tshost: %w: Config sets neither NewHost nor Host, so the plugin could not read the session log or queue a submission; set one, or AllowNoHost for a plugin used only to validate and fold", ErrNoHost)
	}
	return nil
}

// withHost returns c with Host built by NewHost for server.
func (c Config) withHost(server tasksurface.Server) (Config, error) {
	if c.NewHost == nil {
		return c, nil
	}
	h, err := c.NewHost(server)
	if err != nil {
		return c, fmt.Errorf("tshost: Config.NewHost: %w", err)
	}
	if h == nil && !c.AllowNoHost {
		return c, fmt.Errorf("tshost: %w: Config.NewHost returned nil", ErrNoHost)
	}
	c.Host, c.NewHost = h, nil
	return c, nil
}

// withLogger returns c with a logger: a nil one becomes hclog.Default, and
// that logger says so.
func (c Config) withLogger() Config {
	if c.Logger == nil {
		c.Logger = hclog.Default().Named("tshost")
		c.Logger.Warn("tshost: Config.Logger is nil; the plugin's logs and the SDK's go to standard error")
	}
	return c
}

func (c Config) startTimeout() time.Duration {
	if c.StartTimeout <= 0 {
		return 30 * time.Second
	}
	return c.StartTimeout
}
