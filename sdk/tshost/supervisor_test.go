package tshost

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The restart wait doubles from the minimum and stops at the maximum.
func TestBackoff(t *testing.T) {
	t.Parallel()
	opts := SuperviseOptions{MinBackoff: 100 * time.Millisecond, MaxBackoff: time.Second}
	tests := map[string]struct {
		attempt int
		want    time.Duration
	}{
		"first restart waits the minimum": {0, 100 * time.Millisecond},
		"second doubles":                  {1, 200 * time.Millisecond},
		"third doubles again":             {2, 400 * time.Millisecond},
		"capped at the maximum":           {4, time.Second},
		"stays capped":                    {40, time.Second},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := opts.Backoff(tc.attempt); got != tc.want {
				t.Errorf("Backoff(%d) = %v, want %v", tc.attempt, got, tc.want)
			}
		})
	}
}

// A launch without a proper digest is refused before anything runs.
func TestConfigValidation(t *testing.T) {
	t.Parallel()
	digest := strings.Repeat("a", 64)
	tests := map[string]struct {
		cfg  Config
		want string
	}{
		"no path":      {Config{SHA256: digest, AllowNoHost: true}, "Path is empty"},
		"no digest":    {Config{Path: "plugin", AllowNoHost: true}, "SHA256 is empty"},
		"not hex":      {Config{Path: "plugin", SHA256: "xyz", AllowNoHost: true}, "not a hex SHA-256"},
		"short digest": {Config{Path: "plugin", SHA256: "abcd", AllowNoHost: true}, "not a hex SHA-256"},
		"missing file": {Config{Path: "/nonexistent/plugin", SHA256: digest, AllowNoHost: true}, "cannot read plugin binary"},
		"no host":      {Config{Path: "plugin", SHA256: digest}, "neither NewHost nor Host"},
		"two hosts": {Config{Path: "plugin", SHA256: digest, Host: struct{ tasksurface.Host }{},
			NewHost: func(tasksurface.Server) (tasksurface.Host, error) { return nil, nil }}, "both NewHost and Host"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			_, err := Launch(t.Context(), tc.cfg)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Launch = %v, want an error containing %q", err, tc.want)
			}
			if _, err := Supervise(t.Context(), tc.cfg, SuperviseOptions{}); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Supervise = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// A launch without a host names the sentinel, so a caller can tell it
// apart.
func TestNoHostIsErrNoHost(t *testing.T) {
	t.Parallel()
	_, err := Launch(t.Context(), Config{Path: "plugin", SHA256: strings.Repeat("a", 64)})
	if !errors.Is(err, ErrNoHost) {
		t.Errorf("Launch = %v, want ErrNoHost", err)
	}
}

// A nil logger becomes one that writes somewhere, never a silent one.
func TestNilLoggerDefaults(t *testing.T) {
	t.Parallel()
	if got := (Config{}).withLogger().Logger; got == nil || !got.IsWarn() {
		t.Errorf("withLogger on a nil logger = %v, want a logger that shows warnings", got)
	}
}
