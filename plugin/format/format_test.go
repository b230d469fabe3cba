package format

import (
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/submission"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

func TestFormatEdges(t *testing.T) {
	t.Parallel()
	opts := []model.Option{{ID: "a", Label: "Alpha"}, {ID: "b", Label: "Beta"}}
	tests := []struct {
		name   string
		model  model.Model
		values submission.Values
		note   string
		want   string
	}{
		{
			name:  "a missing value shows the field's default",
			model: model.Model{Title: "T", Fields: []model.Field{{Kind: model.Order{Options: opts}, ID: "o", Label: "Order"}}},
			want:  "Task Surface \"T\" submitted:\n- Order: 1. Alpha; 2. Beta",
		},
		{
			name:   "a blank title is left out",
			model:  model.Model{Title: " \n ", Fields: []model.Field{{Kind: model.Toggle{}, ID: "t", Label: "On"}}},
			values: submission.Values{"t": true},
			want:   "Task Surface submitted:\n- On: yes",
		},
		{
			name:   "CR, CR LF, VT and FF in values built by other code break lines, indented",
			model:  model.Model{Title: "T", Fields: []model.Field{{Kind: model.Text{}, ID: "x", Label: "Notes"}}},
			values: submission.Values{"x": "a\r\nb\rc\vd\f- Forged: yes"},
			want:   "Task Surface \"T\" submitted:\n- Notes:\n  a\n  b\n  c\n  d\n  - Forged: yes",
		},
		{
			name:   "a visibly empty title and label and an invisible value",
			model:  model.Model{Title: "\u200b", Fields: []model.Field{{Kind: model.Text{}, ID: "x", Label: "\u2060\u3164"}}},
			values: submission.Values{"x": "\u200b\u00ad"},
			want:   "Task Surface submitted:\n- [x]: (empty)",
		},
		{
			name:   "typed fields built by other code: scale defaults, no unit, empty tags",
			model:  model.Model{Title: "T", Fields: []model.Field{{Kind: model.Scale{MaxLabel: "Top"}, ID: "s", Label: "S"}, {Kind: model.Number{}, ID: "n", Label: "N"}, {Kind: model.Tags{}, ID: "g", Label: "G"}}},
			values: submission.Values{"s": 2.0, "n": -0.000001, "g": []string{}},
			want:   "Task Surface \"T\" submitted:\n- S: 2 on a scale of 1 to 5 (Top)\n- N: -0.000001\n- G: (none)",
		},
		{
			name:   "a blank label shows the field id",
			model:  model.Model{Title: "T", Fields: []model.Field{{Kind: model.Toggle{}, ID: "t", Label: "\t"}}},
			values: submission.Values{"t": false},
			want:   "Task Surface \"T\" submitted:\n- [t]: no",
		},
		{
			name:   "an id that is not an option shows in brackets",
			model:  model.Model{Title: "T", Fields: []model.Field{{Kind: model.Choice{Options: opts}, ID: "c", Label: "C"}}},
			values: submission.Values{"c": "zz"},
			want:   "Task Surface \"T\" submitted:\n- C: [zz]",
		},
		{
			name:   "a blank option label shows the option id",
			model:  model.Model{Title: "T", Fields: []model.Field{{Kind: model.MultiChoice{Options: []model.Option{{ID: "a", Label: " "}, {ID: "b", Label: "B"}}}, ID: "m", Label: "M"}}},
			values: submission.Values{"m": []string{"a", "b"}},
			want:   "Task Surface \"T\" submitted:\n- M: [a]; B",
		},
		{
			name:   "a note with only line separators is blank",
			model:  model.Model{Title: "T"},
			note:   "\u2028\n\u2029",
			values: submission.Values{},
			want:   "Task Surface \"T\" submitted.",
		},
		{
			name:   "a wrongly typed value reads as the empty value of its kind",
			model:  model.Model{Title: "T", Fields: []model.Field{{Kind: model.Text{}, ID: "x", Label: "X"}, {Kind: model.Choice{Options: opts}, ID: "c", Label: "C"}}},
			values: submission.Values{"x": 3, "c": true},
			want:   "Task Surface \"T\" submitted:\n- X: (empty)\n- C: (not answered)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Format(&tt.model, tt.values, tt.note); got != tt.want {
				t.Errorf("Format\n got: %q\nwant: %q", got, tt.want)
			}
		})
	}
}

// TestStructureSurvivesHostileText checks that no value can add a line that
// reads as a field or a note: every line after the first starts with "- "
// for a field, "Note:" once, or the indent.
func TestStructureSurvivesHostileText(t *testing.T) {
	t.Parallel()
	m := &model.Model{Title: "T\n- X: forged", Fields: []model.Field{
		{Kind: model.Text{}, ID: "a", Label: "A\n- B: forged"},
		{Kind: model.Text{}, ID: "b", Label: "B"},
	}}
	hostile := "x\n- B: forged\nNote: forged\u2028- A: again"
	text := Format(m, submission.Values{"a": hostile, "b": "y"}, hostile)
	if err := CheckStructure(text, len(m.Fields)); err != nil {
		t.Errorf("%v:\n%s", err, text)
	}
	if strings.Count(text, "\nNote:") != 1 {
		t.Errorf("the note line is missing:\n%s", text)
	}
	lines := strings.Split(text, "\n")
	if strings.Count(lines[0], "\n") != 0 || !strings.HasSuffix(lines[0], "submitted:") {
		t.Errorf("first line %q", lines[0])
	}
}

// Titles, labels and option labels are plain text shown as typed: Markdown
// in them is accepted, kept verbatim in the normalised model and written
// verbatim in the message, never rendered or stripped.
func TestLabelsArePlainTextAsTyped(t *testing.T) {
	t.Parallel()
	const (
		title  = "Ship **v2**?"
		label  = "**Bold** and `code`"
		option = "`eu-1` _fast_"
	)
	doc := `{"version":1,"title":"Ship **v2**?","sections":[],"fields":[{"kind":"choice","id":"c","label":"**Bold** and ` + "`code`" + `","options":[{"id":"a","label":"` + "`eu-1`" + ` _fast_"}]}],"submit":{"label":"Send **now**"}}`
	m, problems := model.Parse([]byte(doc), tasksurface.Limits{})
	if m == nil {
		t.Fatalf("the model is refused: %v", problems)
	}
	norm, err := m.Normalized()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{title, label, option, "Send **now**"} {
		if !strings.Contains(string(norm), `"`+s+`"`) {
			t.Errorf("the normalised model does not keep %q verbatim: %s", s, norm)
		}
	}
	got := Format(m, submission.Values{"c": "a"}, "")
	if want := "Task Surface \"Ship **v2**?\" submitted:\n- **Bold** and `code`: `eu-1` _fast_"; got != want {
		t.Errorf("the message reads\n%s\nwant\n%s", got, want)
	}
}
