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
	// Args are extra command-line arguments.
	Args []string
	// Env are extra environment variables ("KEY=value").
	Env []string
	// Logger receives the plugin's logs and the SDK's own.
	Logger hclog.Logger
	// Host is served to the plugin over the broker; nil serves nothing, and
	// every plugin call that needs the session log fails.
	Host tasksurface.Host
	// Limits are handed to the plugin's Configure.
	Limits tasksurface.Limits
	// HostName names the harness in the plugin's logs.
	HostName string
	// StartTimeout bounds the wait for the plugin's handshake; 30 seconds
	// when zero.
	StartTimeout time.Duration
}

func (c Config) validate() ([]byte, error) {
	if c.Path == "" {
		return nil, errors.New("tshost: Config.Path is empty")
	}
	if c.SHA256 == "" {
		return nil, errors.New("tshost: Config.SHA256 is empty: a plugin is launched only with the digest its manifest records")
	}
	sum, err := hex.DecodeString(c.SHA256)
	if err != nil || len(sum) != 32 {
		return nil, fmt.Errorf("tshost: Config.SHA256 %q is not a hex SHA-256 digest", c.SHA256)
	}
	return sum, nil
}

func (c Config) logger() hclog.Logger {
	if c.Logger == nil {
		return hclog.NewNullLogger()
	}
	return c.Logger
}

func (c Config) startTimeout() time.Duration {
	if c.StartTimeout <= 0 {
		return 30 * time.Second
	}
	return c.StartTimeout
}
