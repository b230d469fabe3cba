package tshost

import (
	"strings"
	"testing"
	"time"
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
		"no path":      {Config{SHA256: digest}, "Path is empty"},
		"no digest":    {Config{Path: "plugin"}, "SHA256 is empty"},
		"not hex":      {Config{Path: "plugin", SHA256: "xyz"}, "not a hex SHA-256"},
		"short digest": {Config{Path: "plugin", SHA256: "abcd"}, "not a hex SHA-256"},
		"missing file": {Config{Path: "/nonexistent/plugin", SHA256: digest}, "cannot read plugin binary"},
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

// A nil logger becomes one that writes somewhere, never a silent one.
func TestNilLoggerDefaults(t *testing.T) {
	t.Parallel()
	if got := (Config{}).withLogger().Logger; got == nil || !got.IsWarn() {
		t.Errorf("withLogger on a nil logger = %v, want a logger that shows warnings", got)
	}
}
