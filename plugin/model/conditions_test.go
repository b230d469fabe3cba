package model

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// conditionCase is one vector of tests/conformance/conditions.
type conditionCase struct {
	Name   string                     `json:"name"`
	Model  json.RawMessage            `json:"model"`
	Values map[string]json.RawMessage `json:"values"`
	Shown  []string                   `json:"shown"`
}

// Shown decides, for every vector, the fields the browser's twin shows: the
// model parses, its normalised form parses again to the same fields, and the
// shown fields are the vector's, in order.
func TestShownFollowsTheConditionVectors(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "tests", "conformance", "conditions", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no condition vectors: %v", err)
	}
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Cases []conditionCase `json:"cases"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatal(err)
		}
		for _, c := range doc.Cases {
			t.Run(filepath.Base(file)+"/"+c.Name, func(t *testing.T) {
				m, ps := Parse(c.Model, tasksurface.Limits{})
				if ps != nil {
					t.Fatalf("the model is refused: %v", ps)
				}
				norm, _ := m.Normalized()
				again, ps := Parse(norm, tasksurface.Limits{})
				if ps != nil {
					t.Fatalf("the normalised model is refused: %v", ps)
				}
				for _, model := range []*Model{m, again} {
					values := map[string]any{}
					for i := range model.Fields {
						f := &model.Fields[i]
						v, present := c.Values[f.ID]
						if !present {
							continue
						}
						dec := json.NewDecoder(bytes.NewReader(v))
						dec.UseNumber()
						var x any
						if err := dec.Decode(&x); err != nil {
							t.Fatal(err)
						}
						var ps problem.List
						canonical, ok := f.Value(x, jsonpointer.Append("", f.ID), &ps)
						if !ok {
							t.Fatalf("value of %s refused: %v", f.ID, ps.Items)
						}
						values[f.ID] = canonical
					}
					shown := model.Shown(values)
					var got []string
					for _, f := range model.Fields {
						if shown[f.ID] {
							got = append(got, f.ID)
						}
					}
					if !slices.Equal(got, c.Shown) {
						t.Errorf("shown %q, want %q", got, c.Shown)
					}
				}
			})
		}
	}
}
