package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The generated shapes name the members Go writes, in its order, and mark
// optional exactly the ones Go leaves out when they are empty.
func TestShapesAreWhatGoWrites(t *testing.T) {
	t.Parallel()
	shapes, err := loadShapes(filepath.Join(repoRoot, wordsDir))
	if err != nil {
		t.Fatal(err)
	}
	full := map[string]any{
		"ProjectionView": tasksurface.ProjectionView{Active: &tasksurface.OpenSurface{}, Outcomes: []tasksurface.ClosedSurface{}},
		"OpenSurface":    tasksurface.OpenSurface{CallID: "c", SurfaceID: "s"},
		"ClosedSurface": tasksurface.ClosedSurface{CallID: "c", SurfaceID: "s", Outcome: tasksurface.OutcomeSubmitted, Seq: 1,
			MessageID: "m", SubmissionID: "b", DismissalID: "d"},
	}
	empty := map[string]any{
		"ProjectionView": tasksurface.ProjectionView{},
		"OpenSurface":    tasksurface.OpenSurface{},
		"ClosedSurface":  tasksurface.ClosedSurface{},
	}
	keys := func(v any) []string {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		// The members in the order written: decode as an ordered token stream.
		dec := json.NewDecoder(strings.NewReader(string(b)))
		var out []string
		depth := 0
		for {
			tok, err := dec.Token()
			if err != nil {
				return out
			}
			switch tok := tok.(type) {
			case json.Delim:
				if tok == '{' || tok == '[' {
					depth++
				} else {
					depth--
				}
			case string:
				if depth == 1 && dec.More() {
					out = append(out, tok)
					var skip json.RawMessage
					if dec.Decode(&skip) != nil {
						return out
					}
				}
			}
		}
	}
	if len(shapes) != len(full) {
		t.Fatalf("%d shapes, want %d", len(shapes), len(full))
	}
	for _, s := range shapes {
		var all, required []string
		for _, m := range s.Members {
			all = append(all, m.Key)
			if !m.Optional {
				required = append(required, m.Key)
			}
		}
		if got := keys(full[s.Name]); !slices.Equal(got, all) {
			t.Errorf("%s: Go writes %v, the shape lists %v", s.Name, got, all)
		}
		if got := keys(empty[s.Name]); !slices.Equal(got, required) {
			t.Errorf("%s: Go writes %v when empty, the shape requires %v", s.Name, got, required)
		}
	}
	js := string(renderJS(contract{shapes: shapes}))
	ts := string(renderTS(contract{shapes: shapes}))
	for _, want := range []string{"export const CLOSED_SURFACE_OPTIONAL = Object.freeze(['messageId', 'submissionId', 'dismissalId'])\n",
		" * @typedef {object} ClosedSurface\n", " * @property {string} [dismissalId] - "} {
		if !strings.Contains(js, want) {
			t.Errorf("the JavaScript lacks %q", want)
		}
	}
	for _, want := range []string{"export interface ProjectionView {\n", "  active: OpenSurface | null\n", "  outcome: Outcome\n", "  messageId?: string\n"} {
		if !strings.Contains(ts, want) {
			t.Errorf("the TypeScript lacks %q", want)
		}
	}
}
