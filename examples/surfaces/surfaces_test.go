// Package surfaces holds realistic Task Surface models; this test keeps
// every one of them valid under the default limits.
package surfaces

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Only the example that uses conditions, bounds that name a field and an
// allocation says version 2 in its normalised form; every other example
// normalises to version 1, as a log of it did before.
func TestOnlyTheInterviewExampleIsVersion2(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, problems := model.Parse(raw, tasksurface.DefaultLimits)
		if len(problems) > 0 {
			continue // TestEveryExampleIsValid reports it
		}
		want := model.Version
		if f == "rollout-plan.json" {
			want = model.VersionInterview
		}
		if m.Version != want {
			t.Errorf("%s normalises to version %d, want %d", f, m.Version, want)
		}
	}
}

func TestEveryExampleIsValid(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 5 {
		t.Fatalf("%d example surfaces, want at least 5", len(files))
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			t.Parallel()
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if _, problems := model.Parse(raw, tasksurface.DefaultLimits); len(problems) > 0 {
				t.Errorf("%s is invalid: %v", f, problems)
			}
		})
	}
}
