package tool

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// trialDir holds surfaces written for realistic tasks from the tool's
// definition alone (its description and parameter schema), each as the
// arguments of a call; tests/conformance/README.md.
const trialDir = "../../tests/conformance/trial/tasks"

// An agent that reads only the definition writes a surface that is shown on
// its first call: every trial task is valid as written, and enough of them
// use the interview features (a condition, a bound that names a field, an
// allocation) that the definition's words for those are tried too.
func TestTrialTasksAreValidOnTheFirstCall(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join(trialDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 20 {
		t.Fatalf("%d trial tasks, want at least 20", len(files))
	}
	interview := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, problems := model.ParseArguments(raw, tasksurface.Limits{})
		if m == nil {
			t.Errorf("%s is refused:\n%s", filepath.Base(f), InvalidModel(problems))
			continue
		}
		if m.Version == model.VersionInterview {
			interview++
		}
	}
	if interview < 8 {
		t.Errorf("%d trial tasks use a condition, a field bound or an allocation, want at least 8", interview)
	}
}
