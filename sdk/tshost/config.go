package tshost

import (
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

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
		return nil
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
	return nil
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
