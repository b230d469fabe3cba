package markdown

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// vectorDir holds the Markdown conformance vectors shared with other
// implementations.
const vectorDir = "../../tests/conformance/markdown"

// vectorCase is one Markdown conformance case.
type vectorCase struct {
	Name     string `json:"name"`
	Markdown string `json:"markdown"`
	HTML     string `json:"html"`
}

// loadVectors reads every vector file, keyed by file name.
func loadVectors(t testing.TB) map[string][]vectorCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(vectorDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no vector files in %s", vectorDir)
	}
	out := map[string][]vectorCase{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Cases []vectorCase `json:"cases"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if len(doc.Cases) == 0 {
			t.Fatalf("%s has no cases", f)
		}
		out[filepath.Base(f)] = doc.Cases
	}
	return out
}

func TestVectors(t *testing.T) {
	t.Parallel()
	r := New()
	for file, cases := range loadVectors(t) {
		seen := map[string]bool{}
		for _, c := range cases {
			if seen[c.Name] {
				t.Errorf("%s: case name %q repeats", file, c.Name)
			}
			seen[c.Name] = true
			t.Run(file+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				got := r.Render(c.Markdown)
				if got != c.HTML {
					t.Errorf("Render(%q)\n got: %q\nwant: %q", c.Markdown, got, c.HTML)
				}
				if err := checkSafe(got); err != nil {
					t.Errorf("Render(%q) = %q breaks the policy: %v", c.Markdown, got, err)
				}
			})
		}
	}
}
