package tasksurface_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The version the .proto file states is the version the SDK negotiates, so
// the two cannot drift apart unnoticed.
func TestProtoStatesTheProtocolVersion(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile(fmt.Sprintf("../proto/tasksurface/v%d/tasksurface.proto", tasksurface.ProtocolVersion))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("Protocol version %s (go-plugin app protocol version %d; api_version %q)",
		tasksurface.APIVersion, tasksurface.ProtocolVersion, tasksurface.APIVersion)
	if !strings.Contains(string(src), want) {
		t.Errorf("the .proto header does not say %q", want)
	}
	if !strings.Contains(string(src), fmt.Sprintf("package tasksurface.v%d;", tasksurface.ProtocolVersion)) {
		t.Errorf("the .proto package is not tasksurface.v%d", tasksurface.ProtocolVersion)
	}
}

// WithDefaults fills exactly the zero limits.
func TestLimitsWithDefaults(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in, want tasksurface.Limits
	}{
		"zero takes every default": {tasksurface.Limits{}, tasksurface.DefaultLimits},
		"set values stay": {
			tasksurface.Limits{MaxFields: 8, MaxTableRows: 10},
			tasksurface.Limits{MaxModelBytes: 64 << 10, MaxBlocks: 64, MaxFields: 8, MaxTableRows: 10, MaxSubmissionBytes: 32 << 10},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := tc.in.WithDefaults(); got != tc.want {
				t.Errorf("WithDefaults() = %+v, want %+v", got, tc.want)
			}
		})
	}
}
