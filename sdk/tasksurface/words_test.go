package tasksurface_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// kebab is the spelling of every contract word.
var kebab = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)

// Every word is kebab-case, declared once, and known; an undeclared one is
// not.
func TestWordsAreDeclaredOnce(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		words   []string
		known   func(string) bool
		unknown string
	}{
		"reasons":  {strs(tasksurface.Reasons()), func(s string) bool { return tasksurface.Reason(s).Known() }, "no such session"},
		"phases":   {strs(tasksurface.Phases()), func(s string) bool { return tasksurface.Phase(s).Known() }, "dismissed"},
		"codes":    {strs(tasksurface.Codes()), func(s string) bool { return tasksurface.Code(s).Known() }, "TOOL_FAILED"},
		"rules":    {strs(tasksurface.Rules()), func(s string) bool { return tasksurface.Rule(s).Known() }, "invalid-value"},
		"params":   {strs(tasksurface.Params()), func(s string) bool { return tasksurface.Param(s).Known() }, "nearest"},
		"outcomes": {strs(tasksurface.Outcomes()), func(s string) bool { return tasksurface.Outcome(s).Known() }, "closed"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if len(tc.words) == 0 {
				t.Fatal("no words")
			}
			seen := map[string]bool{}
			for _, w := range tc.words {
				if !kebab.MatchString(w) {
					t.Errorf("%q is not kebab-case", w)
				}
				if seen[w] {
					t.Errorf("%q is listed twice", w)
				}
				seen[w] = true
				if !tc.known(w) {
					t.Errorf("%q is listed but not known", w)
				}
			}
			if tc.known(tc.unknown) {
				t.Errorf("%q is known", tc.unknown)
			}
		})
	}
}

// admission-refused is the only word that is both a reason and a code: the
// code marks the problem that carries the host's words beside the reason.
func TestOnlyAdmissionRefusedIsBothReasonAndCode(t *testing.T) {
	t.Parallel()
	var both []string
	for _, r := range tasksurface.Reasons() {
		if tasksurface.Code(r).Known() {
			both = append(both, string(r))
		}
	}
	if len(both) != 1 || both[0] != string(tasksurface.ReasonAdmissionRefused) ||
		string(tasksurface.CodeAdmissionRefused) != string(tasksurface.ReasonAdmissionRefused) {
		t.Errorf("words that are both a reason and a code: %v, want only %s", both, tasksurface.ReasonAdmissionRefused)
	}
}

// Each reason reads as its own English sentence; a host's own reason is
// quoted.
func TestReasonText(t *testing.T) {
	t.Parallel()
	seen := map[string]tasksurface.Reason{}
	for _, r := range tasksurface.Reasons() {
		text := r.Text()
		if text == "" || !strings.HasSuffix(text, ".") || strings.ToUpper(text[:1]) != text[:1] {
			t.Errorf("%s reads %q, want a sentence", r, text)
		}
		if other, dup := seen[text]; dup {
			t.Errorf("%s and %s both read %q", r, other, text)
		}
		seen[text] = r
	}
	if got, want := tasksurface.Reason("session-not-found").Text(), "The request was refused (session-not-found)."; got != want {
		t.Errorf("a host's reason reads %q, want %q", got, want)
	}
	if got, want := tasksurface.ReasonNotOpen.Text(), "No Task Surface is open in this session."; got != want {
		t.Errorf("not-open reads %q, want %q", got, want)
	}
}

// Every problem code, reason and phase a conformance vector expects is
// declared, so a client matching on the declared words sees them all.
func TestConformanceWordsAreDeclared(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..", "tests", "conformance")
	found := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".json" {
			return err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var doc any
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		walkWords(doc, func(kind, word string) {
			found++
			var known bool
			switch kind {
			case "code":
				known = tasksurface.Code(word).Known()
			case "reason":
				known = tasksurface.Reason(word).Known()
			case "phase":
				known = tasksurface.Phase(word).Known()
			}
			if !known {
				t.Errorf("%s: %s %q is not declared in tasksurface", path, kind, word)
			}
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found == 0 {
		t.Fatalf("no problem codes found under %s", root)
	}
}

// walkWords calls yield for the code of every entry of a "problems" list
// and for every "reason" and "phase" string, at any depth. Event payloads
// carry the harness's own codes outside problem lists; those are not ours.
func walkWords(v any, yield func(kind, word string)) {
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			walkWords(e, yield)
		}
	case map[string]any:
		for k, e := range v {
			switch s, isString := e.(string); {
			case (k == "reason" || k == "phase") && isString:
				yield(k, s)
			case k == "problems":
				list, _ := e.([]any)
				for _, p := range list {
					if obj, ok := p.(map[string]any); ok {
						code, _ := obj["code"].(string)
						yield("code", code)
					}
				}
			}
			walkWords(e, yield)
		}
	}
}

func strs[T ~string](in []T) []string {
	out := make([]string, len(in))
	for i, w := range in {
		out[i] = string(w)
	}
	return out
}

// The plugin's refusals of queue actions are sentences, each its own.
func TestQueueRefusals(t *testing.T) {
	t.Parallel()
	seen := map[tasksurface.QueueRefusal]bool{}
	for _, r := range tasksurface.QueueRefusals() {
		if seen[r] || !strings.HasSuffix(string(r), ".") || kebab.MatchString(string(r)) {
			t.Errorf("refusal %q is not a sentence of its own", r)
		}
		seen[r] = true
	}
}
