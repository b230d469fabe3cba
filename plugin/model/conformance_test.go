package model

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// vectorDir holds the model vectors shared with the JavaScript twin.
const vectorDir = "../../tests/conformance/models"

// vectorFile is one file of model vectors; see tests/conformance/README.md.
type vectorFile struct {
	Cases []vectorCase `json:"cases"`
}

// vectorCase is one model vector.
type vectorCase struct {
	Name          string             `json:"name"`
	Model         json.RawMessage    `json:"model"`
	Raw           *string            `json:"raw"`
	RawBase64     *string            `json:"rawBase64"`
	Arguments     json.RawMessage    `json:"arguments"`
	RawArguments  *string            `json:"rawArguments"`
	Expand        *vectorExpand      `json:"expand"`
	Limits        tasksurface.Limits `json:"limits"`
	Valid         bool               `json:"valid"`
	Normalized    json.RawMessage    `json:"normalized"`
	NormalizedRaw *string            `json:"normalizedRaw"`
	Problems      []vectorProblem    `json:"problems"`
	Note          string             `json:"note"`
}

// vectorExpand replaces a marker in the input with a repeated string, so a
// vector can describe a megabyte input in a few bytes.
type vectorExpand struct {
	Marker string `json:"marker"`
	Repeat string `json:"repeat"`
	Count  int    `json:"count"`
}

// vectorProblem is the part of a problem a vector pins down.
type vectorProblem struct {
	Code    tasksurface.Code `json:"code"`
	Pointer string           `json:"pointer"`
}

// input returns the bytes to parse and whether they are tool arguments.
func (c vectorCase) input(t testing.TB) ([]byte, bool) {
	t.Helper()
	var raw []byte
	args := false
	set := 0
	// A present "model": null or "arguments": null decodes to the bytes
	// "null", so presence is checked on the raw message.
	if c.Model != nil {
		raw, set = c.Model, set+1
	}
	if c.Raw != nil {
		raw, set = []byte(*c.Raw), set+1
	}
	if c.RawBase64 != nil {
		b, err := base64.StdEncoding.DecodeString(*c.RawBase64)
		if err != nil {
			t.Fatalf("rawBase64: %v", err)
		}
		raw, set = b, set+1
	}
	if c.Arguments != nil {
		raw, args, set = c.Arguments, true, set+1
	}
	if c.RawArguments != nil {
		raw, args, set = []byte(*c.RawArguments), true, set+1
	}
	if set != 1 {
		t.Fatalf("a case needs exactly one of model, raw, rawBase64, arguments, rawArguments; found %d", set)
	}
	if c.Expand != nil {
		if !bytes.Contains(raw, []byte(c.Expand.Marker)) {
			t.Fatalf("expand marker %q not in the input", c.Expand.Marker)
		}
		raw = bytes.Replace(raw, []byte(c.Expand.Marker), bytes.Repeat([]byte(c.Expand.Repeat), c.Expand.Count), 1)
	}
	return raw, args
}

func loadVectors(t testing.TB) map[string][]vectorCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(vectorDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatalf("no vectors in %s", vectorDir)
	}
	out := make(map[string][]vectorCase)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var f vectorFile
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&f); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(f.Cases) == 0 {
			t.Fatalf("%s has no cases", p)
		}
		out[filepath.Base(p)] = f.Cases
	}
	return out
}

func TestConformance(t *testing.T) {
	t.Parallel()
	for file, cases := range loadVectors(t) {
		names := make(map[string]bool)
		for _, c := range cases {
			if names[c.Name] {
				t.Errorf("%s: case name %q repeats", file, c.Name)
			}
			names[c.Name] = true
			t.Run(strings.TrimSuffix(file, ".json")+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				runVector(t, c)
			})
		}
	}
}

func runVector(t *testing.T, c vectorCase) {
	raw, args := c.input(t)
	parse := Parse
	if args {
		parse = ParseArguments
	}
	m, problems := parse(raw, c.Limits)
	if got := m != nil; got != c.Valid {
		t.Errorf("valid = %v, want %v; problems: %v", got, c.Valid, problems)
	}
	if (m == nil) != (len(problems) > 0) {
		t.Errorf("a model and problems must not come together: model %v, problems %v", m != nil, problems)
	}
	for _, p := range problems {
		checkProblemShape(t, p)
	}
	got := make([]vectorProblem, len(problems))
	for i, p := range problems {
		got[i] = vectorProblem{Code: p.Code, Pointer: p.Pointer}
	}
	want := c.Problems
	if want == nil {
		want = []vectorProblem{}
	}
	if !equalProblems(got, want) {
		t.Errorf("problems:\n got %v\nwant %v\nmessages: %v", got, want, problems)
	}
	if m == nil {
		return
	}
	norm, err := m.Normalized()
	if err != nil {
		t.Fatalf("Normalized: %v", err)
	}
	if c.Normalized == nil && c.NormalizedRaw == nil {
		t.Errorf("a valid case needs normalized or normalizedRaw")
	}
	if c.Normalized != nil {
		if w := canonicalJSON(t, c.Normalized); !bytes.Equal(norm, w) {
			t.Errorf("normalized:\n got %s\nwant %s", norm, w)
		}
	}
	if c.NormalizedRaw != nil && string(norm) != *c.NormalizedRaw {
		t.Errorf("normalized bytes:\n got %s\nwant %s", norm, *c.NormalizedRaw)
	}
	// The normalised form is a fixed point: parsing it gives it again.
	again, problems := Parse(norm, c.Limits)
	if again == nil {
		t.Fatalf("normalised model does not parse: %v", problems)
	}
	if b, _ := again.Normalized(); !bytes.Equal(b, norm) {
		t.Errorf("normalising twice changed the model:\n%s\n%s", norm, b)
	}
}

func equalProblems(a, b []vectorProblem) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// checkProblemShape asserts what every problem promises: a known code, a
// well-formed pointer and a one-sentence message.
func checkProblemShape(t *testing.T, p tasksurface.Problem) {
	t.Helper()
	if !knownCodes[p.Code] {
		t.Errorf("unknown problem code %q", p.Code)
	}
	if p.Pointer != "" && !strings.HasPrefix(p.Pointer, "/") {
		t.Errorf("pointer %q does not start with /", p.Pointer)
	}
	if strings.Contains(strings.ReplaceAll(strings.ReplaceAll(p.Pointer, "~0", ""), "~1", ""), "~") {
		t.Errorf("pointer %q has a bad escape", p.Pointer)
	}
	msg := p.Message
	if msg == "" || !strings.HasSuffix(msg, ".") || strings.Contains(msg, "\n") {
		t.Errorf("message %q is not one sentence ending in a full stop", msg)
	}
	if len(msg) > 400 {
		t.Errorf("message is %d bytes long: %q", len(msg), msg)
	}
}

var knownCodes = map[tasksurface.Code]bool{
	tasksurface.CodeInvalidJSON: true, tasksurface.CodeInvalidArguments: true, tasksurface.CodeDuplicateKey: true,
	tasksurface.CodeTooDeep: true, tasksurface.CodeLimitExceeded: true, tasksurface.CodeUnsupportedVersion: true,
	tasksurface.CodeUnknownKey: true, tasksurface.CodeUnknownKind: true, tasksurface.CodeMissing: true,
	tasksurface.CodeWrongType: true, tasksurface.CodeInvalidValue: true, tasksurface.CodeTooLong: true,
	tasksurface.CodeEmpty: true, tasksurface.CodeTooMany: true, tasksurface.CodeTooFew: true, tasksurface.CodeDuplicateID: true,
	tasksurface.CodeReservedID: true, tasksurface.CodeUnknownColumn: true, tasksurface.CodeInvalidInitial: true,
	tasksurface.CodeForbiddenCharacter: true, tasksurface.CodeTooManyProblems: true,
}

// canonicalJSON re-encodes a JSON text compactly, keeping key order and
// number literals but writing strings the way Normalized does, so that a
// vector may spell a string with any escapes.
func canonicalJSON(t *testing.T, raw []byte) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out bytes.Buffer
	// stack holds, per open container, whether it is an object and whether
	// the next token is its first entry; objects alternate key and value.
	type frame struct {
		object, first, key bool
	}
	var stack []frame
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("canonicalJSON: %v", err)
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			out.WriteByte(byte(d))
			stack = stack[:len(stack)-1]
			if n := len(stack); n > 0 && stack[n-1].object {
				stack[n-1].key = true
			}
			continue
		}
		if n := len(stack); n > 0 {
			f := &stack[n-1]
			switch {
			case f.object && f.key:
				if !f.first {
					out.WriteByte(',')
				}
			case f.object:
				out.WriteByte(':')
			default:
				if !f.first {
					out.WriteByte(',')
				}
			}
			f.first = false
		}
		switch v := tok.(type) {
		case json.Delim:
			out.WriteByte(byte(v))
			if n := len(stack); n > 0 && stack[n-1].object {
				stack[n-1].key = !stack[n-1].key
			}
			stack = append(stack, frame{object: v == '{', first: true, key: true})
			continue
		case json.Number:
			out.WriteString(string(v))
		default:
			b, err := marshalCompact(v)
			if err != nil {
				t.Fatal(err)
			}
			out.Write(b)
		}
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].key = !stack[n-1].key
		}
	}
	return out.Bytes()
}

func TestEveryProblemCodeHasAVector(t *testing.T) {
	t.Parallel()
	seen := make(map[tasksurface.Code]bool)
	for _, cases := range loadVectors(t) {
		for _, c := range cases {
			for _, p := range c.Problems {
				seen[p.Code] = true
			}
		}
	}
	for code := range knownCodes {
		if !seen[code] {
			t.Errorf("no vector expects %q", code)
		}
	}
}
