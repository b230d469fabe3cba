package format_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/format"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/submission"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// vectorDir holds the submission vectors; tests/conformance/README.md
// describes the format.
const vectorDir = "../../tests/conformance/submissions"

// vectorFile is one model and the submissions tried against it.
type vectorFile struct {
	Model  json.RawMessage    `json:"model"`
	Limits tasksurface.Limits `json:"limits"`
	Cases  []vectorCase       `json:"cases"`
}

// vectorCase is one submission and what a user would notice of it.
type vectorCase struct {
	Name         string              `json:"name"`
	Values       json.RawMessage     `json:"values"`
	ValuesRaw    *string             `json:"valuesRaw"`
	ValuesBase64 *string             `json:"valuesBase64"`
	Expand       *vectorExpand       `json:"expand"`
	Note         string              `json:"note"`
	NoteExpand   *vectorExpand       `json:"noteExpand"`
	Limits       *tasksurface.Limits `json:"limits"`
	Valid        bool                `json:"valid"`
	Problems     []vectorProblem     `json:"problems"`
	Canonical    json.RawMessage     `json:"canonical"`
	Text         *string             `json:"text"`
	Comment      string              `json:"comment"`
}

// vectorExpand replaces the first marker with repeat, count times.
type vectorExpand struct {
	Marker string `json:"marker"`
	Repeat string `json:"repeat"`
	Count  int    `json:"count"`
}

func (e *vectorExpand) apply(b []byte) []byte {
	if e == nil {
		return b
	}
	return bytes.Replace(b, []byte(e.Marker), bytes.Repeat([]byte(e.Repeat), e.Count), 1)
}

// expected returns the case's canonical values and text with expand and
// noteExpand applied, as they are to the inputs.
func (c vectorCase) expected() (canonical []byte, text string) {
	canonical = c.Expand.apply(c.Canonical)
	if c.Text != nil {
		text = string(c.NoteExpand.apply(c.Expand.apply([]byte(*c.Text))))
	}
	return canonical, text
}

// vectorProblem is the part of a problem a vector pins down.
type vectorProblem struct {
	Code    string `json:"code"`
	Pointer string `json:"pointer"`
}

// loadedFile is a vector file with its model parsed.
type loadedFile struct {
	name  string
	model *model.Model
	file  vectorFile
}

func loadVectors(t testing.TB) []loadedFile {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(vectorDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no vector files in %s", vectorDir)
	}
	var out []loadedFile
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var f vectorFile
		if err := json.Unmarshal(raw, &f); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		m, problems := model.Parse(f.Model, tasksurface.Limits{})
		if len(problems) > 0 {
			t.Fatalf("%s: the model does not parse: %v", p, problems)
		}
		if len(f.Cases) == 0 {
			t.Fatalf("%s has no cases", p)
		}
		out = append(out, loadedFile{name: filepath.Base(p), model: m, file: f})
	}
	return out
}

// input returns the values bytes, the note and the limits of a case.
func (c vectorCase) input(t testing.TB, fileLimits tasksurface.Limits) ([]byte, string, tasksurface.Limits) {
	t.Helper()
	var values []byte
	set := 0
	if c.Values != nil {
		values, set = c.Values, set+1
	}
	if c.ValuesRaw != nil {
		values, set = []byte(*c.ValuesRaw), set+1
	}
	if c.ValuesBase64 != nil {
		b, err := base64.StdEncoding.DecodeString(*c.ValuesBase64)
		if err != nil {
			t.Fatalf("valuesBase64: %v", err)
		}
		values, set = b, set+1
	}
	if set != 1 {
		t.Fatalf("case %q needs exactly one of values, valuesRaw, valuesBase64", c.Name)
	}
	limits := fileLimits
	if c.Limits != nil {
		limits = *c.Limits
	}
	return c.Expand.apply(values), string(c.NoteExpand.apply([]byte(c.Note))), limits
}

func TestVectors(t *testing.T) {
	t.Parallel()
	for _, lf := range loadVectors(t) {
		seen := map[string]bool{}
		for _, c := range lf.file.Cases {
			if seen[c.Name] {
				t.Errorf("%s: case name %q repeats", lf.name, c.Name)
			}
			seen[c.Name] = true
			t.Run(lf.name+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				values, note, limits := c.input(t, lf.file.Limits)
				got, problems := submission.Validate(lf.model, values, note, limits)
				if c.Valid {
					checkValid(t, lf.model, c, got, problems, note)
					return
				}
				if got != nil {
					t.Errorf("Validate returned values %v for an invalid submission", got)
				}
				if len(c.Problems) == 0 {
					t.Fatalf("an invalid case must list its problems")
				}
				gotProblems := make([]vectorProblem, len(problems))
				for i, p := range problems {
					gotProblems[i] = vectorProblem{Code: string(p.Code), Pointer: p.Pointer}
					if p.Message == "" {
						t.Errorf("problem %d (%s at %q) has no message", i, p.Code, p.Pointer)
					}
				}
				if !reflect.DeepEqual(gotProblems, c.Problems) {
					t.Errorf("problems\n got: %v\nwant: %v\nmessages: %v", gotProblems, c.Problems, problems)
				}
			})
		}
	}
}

func checkValid(t *testing.T, m *model.Model, c vectorCase, got submission.Values, problems []tasksurface.Problem, note string) {
	t.Helper()
	if len(problems) > 0 {
		t.Fatalf("unexpected problems: %v", problems)
	}
	if c.Canonical == nil || c.Text == nil {
		t.Fatalf("a valid case must give canonical and text")
	}
	gotJSON, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	var gotAny, wantAny any
	if err := json.Unmarshal(gotJSON, &gotAny); err != nil {
		t.Fatal(err)
	}
	wantCanonical, wantText := c.expected()
	if err := json.Unmarshal(wantCanonical, &wantAny); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(gotAny, wantAny) {
		t.Errorf("canonical values\n got: %s\nwant: %s", gotJSON, wantCanonical)
	}
	text := format.Format(m, got, note)
	if text != wantText {
		t.Errorf("Format\n got: %q\nwant: %q\n--- got ---\n%s\n--- want ---\n%s", text, wantText, text, wantText)
	}
	if err := format.CheckStructure(text, format.ShownCount(m, got)); err != nil {
		t.Errorf("Format(...) = %q: %v", text, err)
	}
	if again := format.Format(m, got, note); again != text {
		t.Errorf("Format is not deterministic: %q then %q", text, again)
	}
	if strings.HasSuffix(text, "\n") {
		t.Errorf("Format(...) = %q ends with a newline", text)
	}
}
