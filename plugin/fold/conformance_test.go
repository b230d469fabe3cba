package fold_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/dsh-community/task-surface/plugin/fold"
)

// vectorDir holds the vectors shared with the JavaScript twin.
const vectorDir = "../../tests/conformance/folds"

// vectorCase is one case of a vector file.
type vectorCase struct {
	Name    string            `json:"name"`
	Initial json.RawMessage   `json:"initial"`
	Events  []json.RawMessage `json:"events"`
	State   json.RawMessage   `json:"state"`
	View    json.RawMessage   `json:"view"`
}

// loadVectors reads every vector file, keyed by file name.
func loadVectors(t *testing.T) map[string][]vectorCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(vectorDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no fold vectors in %s", vectorDir)
	}
	out := map[string][]vectorCase{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Cases []vectorCase `json:"cases"`
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if len(doc.Cases) == 0 {
			t.Fatalf("%s: no cases", f)
		}
		out[filepath.Base(f)] = doc.Cases
	}
	return out
}

// sameJSON compares two JSON documents by value.
func sameJSON(t *testing.T, what string, got, want []byte) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: got invalid JSON %s: %v", what, got, err)
	}
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("%s: vector has invalid JSON %s: %v", what, want, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("%s:\n got  %s\n want %s", what, got, want)
	}
}

func TestConformanceVectors(t *testing.T) {
	t.Parallel()
	for file, cases := range loadVectors(t) {
		for _, c := range cases {
			t.Run(file+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				state, view, err := fold.FoldJSON(c.Initial, c.Events)
				if err != nil {
					t.Fatalf("FoldJSON: %v", err)
				}
				sameJSON(t, "state", state, c.State)
				sameJSON(t, "view", view, c.View)
			})
		}
	}
}

// TestConformanceEventByEvent folds the same vectors one event at a time
// through a JSON round trip of the state, as the harness's checkpoints do,
// and checks that the result does not depend on where the log was cut.
func TestConformanceEventByEvent(t *testing.T) {
	t.Parallel()
	for file, cases := range loadVectors(t) {
		for _, c := range cases {
			t.Run(file+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				state := c.Initial
				var view json.RawMessage
				var err error
				if state, view, err = fold.FoldJSON(state, nil); err != nil {
					t.Fatalf("FoldJSON: %v", err)
				}
				for _, ev := range c.Events {
					if state, view, err = fold.FoldJSON(state, []json.RawMessage{ev}); err != nil {
						t.Fatalf("FoldJSON: %v", err)
					}
				}
				sameJSON(t, "state", state, c.State)
				sameJSON(t, "view", view, c.View)
			})
		}
	}
}
