package model

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// modelWith returns a valid model with the given numbers of blocks (in
// sections of at most four), fields and rows in one table, and a
// description of descLen characters.
func modelWith(blocks, fields, rows, descLen int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `{"version":1,"title":"T","description":%q,"sections":[`, strings.Repeat("d", descLen))
	for i := 0; i < blocks; i += 4 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":"s%d","blocks":[`, i)
		for j := i; j < blocks && j < i+4; j++ {
			if j > i {
				b.WriteByte(',')
			}
			if j == 0 && rows > 0 {
				b.WriteString(`{"kind":"table","columns":[{"id":"c","label":"C"}],"rows":[`)
				for r := 0; r < rows; r++ {
					if r > 0 {
						b.WriteByte(',')
					}
					fmt.Fprintf(&b, `{"c":%d}`, r)
				}
				b.WriteString(`]}`)
				continue
			}
			b.WriteString(`{"kind":"markdown","text":"x"}`)
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`],"fields":[`)
	for i := 0; i < fields; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"kind":"toggle","id":"f%d","label":"F"}`, i)
	}
	b.WriteString(`],"submit":{"label":"S"}}`)
	return []byte(b.String())
}

func TestParseCustomLimits(t *testing.T) {
	t.Parallel()
	limits := tasksurface.Limits{MaxModelBytes: 2000, MaxBlocks: 5, MaxFields: 3, MaxTableRows: 4}
	base := modelWith(1, 0, 0, 1)
	m, _ := Parse(base, limits)
	if m == nil {
		t.Fatal("base model is not valid")
	}
	norm, _ := m.Normalized()
	fill := int(limits.MaxModelBytes) - len(norm) + 1
	tests := []struct {
		name    string
		raw     []byte
		pointer string // "" with ok false means no problem expected
		ok      bool
	}{
		{"blocks at the limit", modelWith(5, 0, 0, 0), "", true},
		{"blocks over the limit", modelWith(6, 0, 0, 0), "/sections/1/blocks/1", false},
		{"fields at the limit", modelWith(1, 3, 0, 0), "", true},
		{"fields over the limit", modelWith(1, 4, 0, 0), "/fields/3", false},
		{"rows at the limit", modelWith(1, 0, 4, 0), "", true},
		{"rows over the limit", modelWith(1, 0, 5, 0), "/sections/0/blocks/0/rows/4", false},
		{"bytes at the limit", modelWith(1, 0, 0, fill), "", true},
		{"bytes over the limit", modelWith(1, 0, 0, fill+1), "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m, problems := Parse(tt.raw, limits)
			if tt.ok {
				if m == nil {
					t.Fatalf("want a model, got %v", problems)
				}
				return
			}
			if len(problems) != 1 || problems[0].Code != tasksurface.CodeLimitExceeded || problems[0].Pointer != tt.pointer {
				t.Fatalf("want one limit-exceeded at %q, got %v", tt.pointer, problems)
			}
		})
	}
}

func TestParseDefaultLimitsApplyToZeroFields(t *testing.T) {
	t.Parallel()
	// Only MaxFields is set; the other limits keep their defaults.
	limits := tasksurface.Limits{MaxFields: 40}
	if m, problems := Parse(modelWith(1, 40, 0, 0), limits); m == nil {
		t.Fatalf("40 fields under MaxFields 40: %v", problems)
	}
	_, problems := Parse(modelWith(65, 0, 0, 0), limits)
	if len(problems) != 1 || problems[0].Code != tasksurface.CodeLimitExceeded {
		t.Fatalf("65 blocks under the default MaxBlocks: %v", problems)
	}
}

func TestParseRawGuardScalesWithTheLimit(t *testing.T) {
	t.Parallel()
	raw := modelWith(1, 0, 0, 1500)
	tests := []struct {
		max  uint32
		want tasksurface.Code
	}{
		{uint32(len(raw)/4 - 1), tasksurface.CodeLimitExceeded},
		{uint32(2 * len(raw)), ""},
	}
	for _, tt := range tests {
		m, problems := Parse(raw, tasksurface.Limits{MaxModelBytes: tt.max})
		switch {
		case tt.want == "" && m == nil:
			t.Errorf("MaxModelBytes %d: %v", tt.max, problems)
		case tt.want != "" && (len(problems) != 1 || problems[0].Code != tt.want || !strings.Contains(problems[0].Message, "far over")):
			t.Errorf("MaxModelBytes %d: want the raw guard, got %v", tt.max, problems)
		}
	}
}

func TestInvalidJSONReportsTheByteOffset(t *testing.T) {
	t.Parallel()
	tests := []struct {
		raw    string
		offset int
	}{
		{`{"version":1,}`, 13},
		{`{"version":1 "title":"T"}`, 13},
		{`[1,2,`, 5},
		{`{"title":"日本"x}`, 17},
	}
	for _, tt := range tests {
		_, problems := Parse([]byte(tt.raw), tasksurface.Limits{})
		want := fmt.Sprintf("at byte %d", tt.offset)
		if len(problems) != 1 || problems[0].Code != tasksurface.CodeInvalidJSON || !strings.Contains(problems[0].Message, want) {
			t.Errorf("%s: want invalid-json %q, got %v", tt.raw, want, problems)
		}
	}
}

func TestNormalizedKeepsHTMLUnescaped(t *testing.T) {
	t.Parallel()
	raw := []byte(`{"version":1,"title":"<b>&amp;</b> \u2028","sections":[],"submit":{"label":"S"}}`)
	m, problems := Parse(raw, tasksurface.Limits{})
	if m == nil {
		t.Fatal(problems)
	}
	norm, err := m.Normalized()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"version":1,"title":"<b>&amp;</b> \u2028","sections":[],"fields":[],"submit":{"label":"S"}}`
	if string(norm) != want {
		t.Errorf("got  %s\nwant %s", norm, want)
	}
	// encoding/json gives the same value, with its own escaping.
	plain, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	if json.Unmarshal(plain, &a) != nil || json.Unmarshal(norm, &b) != nil || fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("json.Marshal and Normalized disagree:\n%s\n%s", plain, norm)
	}
}

func TestParseReturnsAModelThatMatchesTheInput(t *testing.T) {
	t.Parallel()
	raw := []byte(`{"version":1,"title":"T","description":"D","sections":[{"id":"s","title":"S","layout":{"kind":"grid","columns":3},"blocks":[
		{"kind":"diff","before":null,"after":"a"},{"kind":"table","columns":[{"id":"c","label":"C"}],"rows":[{"c":1.50},{"c":null},{"c":true}]}]}],
		"fields":[{"kind":"order","id":"o","label":"O","options":[{"id":"a","label":"A","detail":"d"},{"id":"b","label":"B"}],"initial":["b","a"]},
		{"kind":"toggle","id":"g","label":"G","initial":false},{"kind":"text","id":"t","label":"T","multiline":true,"required":true,"initial":""}],"submit":{"label":"Go"}}`)
	m, problems := Parse(raw, tasksurface.Limits{})
	if m == nil {
		t.Fatal(problems)
	}
	s := m.Sections[0]
	if s.Layout != (Layout{Kind: LayoutGrid, Columns: 3}) || s.Title != "S" || m.Description != "D" || m.Submit.Label != "Go" {
		t.Errorf("section or model keys lost: %+v", m)
	}
	if s.Blocks[0].Before != nil || s.Blocks[0].After != "a" {
		t.Errorf("diff before null must stay nil: %+v", s.Blocks[0])
	}
	rows := s.Blocks[1].Rows
	if len(rows) != 3 || rows[0]["c"] != json.Number("1.50") || rows[1]["c"] != nil || rows[2]["c"] != true {
		t.Errorf("cells: %q", rows)
	}
	f := m.Fields
	if got, ok := f[0].Initial.([]string); !ok || strings.Join(got, ",") != "b,a" || f[0].Kind.(Order).Options[0].Detail != "d" {
		t.Errorf("order field: %#v", f[0])
	}
	if f[1].Initial != false {
		t.Errorf("toggle initial false lost: %#v", f[1].Initial)
	}
	if f[2].Initial != "" || !f[2].Kind.(Text).Multiline || !f[2].Required {
		t.Errorf("text field: %#v", f[2])
	}
}

func TestParseIsDeterministic(t *testing.T) {
	t.Parallel()
	// Many problems in map-ordered places must come back in one order.
	var b strings.Builder
	b.WriteString(`{"version":1,"title":"T","sections":[],"submit":{"label":"S"}`)
	for i := range 30 {
		fmt.Fprintf(&b, `,"k%d":1`, i)
	}
	b.WriteString(`,"fields":[{"kind":"toggle","id":"a","label":"\u202e","x":1,"y":2}]}`)
	_, first := Parse([]byte(b.String()), tasksurface.Limits{})
	for range 20 {
		_, again := Parse([]byte(b.String()), tasksurface.Limits{})
		if fmt.Sprint(again) != fmt.Sprint(first) {
			t.Fatalf("problems changed between runs:\n%v\n%v", first, again)
		}
	}
}

func TestProblemListIsCapped(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString(`{"version":1,"title":"T","sections":[],"submit":{"label":"S"}`)
	for i := range 500 {
		fmt.Fprintf(&b, `,"k%03d":1`, i)
	}
	b.WriteString(`}`)
	_, problems := Parse([]byte(b.String()), tasksurface.Limits{})
	if len(problems) != MaxProblems+1 {
		t.Fatalf("got %d problems, want %d", len(problems), MaxProblems+1)
	}
	last := problems[MaxProblems]
	if last.Code != tasksurface.CodeTooManyProblems || !strings.Contains(last.Message, "450 more") {
		t.Errorf("last problem = %v", last)
	}
}

func TestParseArgumentsMatchesParse(t *testing.T) {
	t.Parallel()
	model := modelWith(3, 2, 2, 5)
	m1, p1 := Parse(model, tasksurface.Limits{})
	args := append(append([]byte(`{"model":`), model...), '}')
	m2, p2 := ParseArguments(args, tasksurface.Limits{})
	if m1 == nil || m2 == nil {
		t.Fatalf("valid model rejected: %v %v", p1, p2)
	}
	n1, _ := m1.Normalized()
	n2, _ := m2.Normalized()
	if !bytes.Equal(n1, n2) {
		t.Errorf("Parse and ParseArguments disagree:\n%s\n%s", n1, n2)
	}
}

// The model's texts share the input (Parse reads it in place), but its
// normalised bytes, which the tool answers with and the plugin keeps, do
// not.
func TestNormalizedDoesNotShareTheInput(t *testing.T) {
	t.Parallel()
	raw := modelWith(1, 1, 0, 3)
	m, _ := Parse(raw, tasksurface.Limits{})
	before, _ := m.Normalized()
	for i := range raw {
		raw[i] = ' '
	}
	after, _ := m.Normalized()
	if !bytes.Equal(before, after) {
		t.Errorf("the normalised model changed with its input buffer")
	}
}

func TestProblemPointersEscapeKeys(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		raw  string
		want string
	}{
		{"slash in an unknown key", `{"version":1,"title":"T","sections":[],"submit":{"label":"S"},"a/b":1}`, "/a~1b"},
		{"tilde in an unknown key", `{"version":1,"title":"T","sections":[],"submit":{"label":"S"},"a~b":1}`, "/a~0b"},
		{"tilde then one", `{"version":1,"title":"T","sections":[],"submit":{"label":"S"},"~1":1}`, "/~01"},
		{"slash in a row key", `{"version":1,"title":"T","sections":[{"id":"s","blocks":[{"kind":"table","columns":[{"id":"c","label":"C"}],"rows":[{"x/y~z":1}]}]}],"submit":{"label":"S"}}`, "/sections/0/blocks/0/rows/0/x~1y~0z"},
		{"slash in a duplicate key", `{"version":1,"title":"T","sections":[],"submit":{"label":"S"},"a/b":1,"a/b":2}`, "/a~1b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, problems := Parse([]byte(tt.raw), tasksurface.Limits{})
			found := false
			for _, p := range problems {
				if p.Pointer == tt.want {
					found = true
				}
			}
			if !found {
				t.Errorf("no problem at %q: %v", tt.want, problems)
			}
		})
	}
}
