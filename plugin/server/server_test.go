package server

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Configured limits apply; absurd ones are refused with a pointer and the
// default applies instead.
func TestConfigureLimits(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		in           tasksurface.Limits
		want         tasksurface.Limits
		wantProblems []string
	}{
		"zero takes the defaults": {in: tasksurface.Limits{}, want: tasksurface.DefaultLimits},
		"a smaller limit applies": {
			in:   tasksurface.Limits{MaxFields: 4},
			want: tasksurface.Limits{MaxModelBytes: 64 << 10, MaxBlocks: 64, MaxFields: 4, MaxTableRows: 200, MaxSubmissionBytes: 32 << 10},
		},
		"too large is refused": {
			in:           tasksurface.Limits{MaxModelBytes: 1 << 30, MaxTableRows: 1 << 20},
			want:         tasksurface.DefaultLimits,
			wantProblems: []string{"/maxModelBytes", "/maxTableRows"},
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := New("test", nil)
			resp, err := s.Configure(context.Background(), &tasksurface.ConfigureRequest{Limits: tc.in})
			if err != nil {
				t.Fatal(err)
			}
			if resp.EffectiveLimits != tc.want {
				t.Errorf("limits = %+v, want %+v", resp.EffectiveLimits, tc.want)
			}
			if len(resp.Problems) != len(tc.wantProblems) {
				t.Fatalf("problems = %+v, want pointers %v", resp.Problems, tc.wantProblems)
			}
			for i, p := range resp.Problems {
				if p.Pointer != tc.wantProblems[i] {
					t.Errorf("problem %d at %q, want %q", i, p.Pointer, tc.wantProblems[i])
				}
			}
		})
	}
}

// A configured limit reaches the tool: a model over it is refused.
func TestConfiguredLimitReachesTheTool(t *testing.T) {
	t.Parallel()
	s := New("test", nil)
	if _, err := s.Configure(context.Background(), &tasksurface.ConfigureRequest{Limits: tasksurface.Limits{MaxFields: 1}}); err != nil {
		t.Fatal(err)
	}
	args := `{"model":{"version":1,"title":"T","sections":[],"fields":[{"kind":"toggle","id":"a","label":"A"},{"kind":"toggle","id":"b","label":"B"}],"submit":{"label":"Go"}}}`
	resp, err := s.Show(context.Background(), &tasksurface.ShowRequest{Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatal(err)
	}
	if resp.OK || resp.ErrorCode != tasksurface.ShowInvalidModel {
		t.Errorf("a model with 2 fields under a 1-field limit: %+v", resp)
	}
}

// Describe declares what a host registers, from the shared names.
func TestDescribe(t *testing.T) {
	t.Parallel()
	d, err := New("1.2.3", nil).Describe(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if d.APIVersion != tasksurface.APIVersion || d.PluginVersion != "1.2.3" ||
		d.Tool.Name != tasksurface.ToolName || d.Projection.Key != tasksurface.ProjectionKey ||
		d.Command.Name != tasksurface.CommandName || d.QueueHooks.SourceKey != tasksurface.SourceKey ||
		d.DefaultLimits != tasksurface.DefaultLimits || d.MaxMessageBytes != tasksurface.MaxMessageBytes {
		t.Errorf("description = %+v", d)
	}
}
