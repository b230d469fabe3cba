package model

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// oracleNormalized is the normalised encoding as encoding/json writes it
// through per-type MarshalJSON methods (the encoder the package used
// before it appended to one buffer): the reference appendNormalized must
// match byte for byte.
func oracleNormalized(t *testing.T, m *Model) []byte {
	t.Helper()
	type block struct{ Block }
	type field struct{ Field }
	sections := make([]any, 0, len(m.Sections))
	for _, s := range m.Sections {
		var blocks any
		if s.Blocks != nil {
			bs := make([]json.RawMessage, 0, len(s.Blocks))
			for _, b := range s.Blocks {
				bs = append(bs, oracleBlock(t, b))
			}
			blocks = bs
		}
		sections = append(sections, struct {
			ID     string `json:"id"`
			Title  string `json:"title,omitempty"`
			Layout Layout `json:"layout"`
			Blocks any    `json:"blocks"`
		}{s.ID, s.Title, s.Layout, blocks})
	}
	var sectionsValue any
	if m.Sections != nil {
		sectionsValue = sections
	}
	var fields any
	if m.Fields != nil {
		fs := make([]json.RawMessage, 0, len(m.Fields))
		for _, f := range m.Fields {
			fs = append(fs, oracleField(t, f))
		}
		fields = fs
	}
	b, err := marshalCompact(struct {
		Version     int    `json:"version"`
		Title       string `json:"title"`
		Description string `json:"description,omitempty"`
		Sections    any    `json:"sections"`
		Fields      any    `json:"fields"`
		Submit      Submit `json:"submit"`
	}{m.Version, m.Title, m.Description, sectionsValue, fields, m.Submit})
	if err != nil {
		t.Fatalf("oracle: %v", err)
	}
	return b
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func oracleBlock(t *testing.T, b Block) json.RawMessage {
	t.Helper()
	var v any
	switch b.Kind {
	case BlockMarkdown:
		v = struct {
			Kind string `json:"kind"`
			Text string `json:"text"`
		}{b.Kind, b.Text}
	case BlockMetrics:
		v = struct {
			Kind  string   `json:"kind"`
			Items []Metric `json:"items"`
		}{b.Kind, orEmpty(b.Items)}
	case BlockTable:
		v = struct {
			Kind    string   `json:"kind"`
			Columns []Column `json:"columns"`
			Rows    []Row    `json:"rows"`
		}{b.Kind, orEmpty(b.Columns), orEmpty(b.Rows)}
	case BlockDiff:
		v = struct {
			Kind     string  `json:"kind"`
			Path     string  `json:"path,omitempty"`
			Before   *string `json:"before"`
			After    string  `json:"after"`
			Language string  `json:"language,omitempty"`
		}{b.Kind, b.Path, b.Before, b.After, b.Language}
	default:
		v = struct {
			Kind string `json:"kind"`
			Tone string `json:"tone"`
			Text string `json:"text"`
		}{b.Kind, b.Tone, b.Text}
	}
	out, err := marshalCompact(v)
	if err != nil {
		t.Fatalf("oracle block: %v", err)
	}
	return out
}

// oracleNumber is a number of a typed field, written as FormatNumber
// writes it (encoding/json would use an exponent for tiny numbers).
type oracleNumber float64

// MarshalJSON writes n without an exponent.
func (n oracleNumber) MarshalJSON() ([]byte, error) {
	return []byte(FormatNumber(float64(n))), nil
}

func oracleNum(v *float64) *oracleNumber {
	if v == nil {
		return nil
	}
	n := oracleNumber(*v)
	return &n
}

// oracleInitial writes a float64 initial value as an oracleNumber.
func oracleInitial(v any) any {
	if n, ok := v.(float64); ok {
		return oracleNumber(n)
	}
	return v
}

func oracleField(t *testing.T, f Field) json.RawMessage {
	t.Helper()
	var v any
	switch f.Kind {
	case FieldText:
		v = struct {
			Kind      string `json:"kind"`
			ID        string `json:"id"`
			Label     string `json:"label"`
			Multiline bool   `json:"multiline,omitempty"`
			Required  bool   `json:"required,omitempty"`
			MinLength int    `json:"minLength,omitempty"`
			MaxLength int    `json:"maxLength,omitempty"`
			Pattern   string `json:"pattern,omitempty"`
			Initial   any    `json:"initial,omitempty"`
		}{f.Kind, f.ID, f.Label, f.Multiline, f.Required, f.MinLength, f.MaxLength, f.Pattern, f.Initial}
	case FieldNumber:
		v = struct {
			Kind     string        `json:"kind"`
			ID       string        `json:"id"`
			Label    string        `json:"label"`
			Required bool          `json:"required,omitempty"`
			Min      *oracleNumber `json:"min,omitempty"`
			Max      *oracleNumber `json:"max,omitempty"`
			Step     *oracleNumber `json:"step,omitempty"`
			Unit     string        `json:"unit,omitempty"`
			Integer  bool          `json:"integer,omitempty"`
			Initial  any           `json:"initial,omitempty"`
		}{f.Kind, f.ID, f.Label, f.Required, oracleNum(f.Min), oracleNum(f.Max), oracleNum(f.Step), f.Unit, f.Integer, oracleInitial(f.Initial)}
	case FieldDate:
		v = struct {
			Kind     string `json:"kind"`
			ID       string `json:"id"`
			Label    string `json:"label"`
			Required bool   `json:"required,omitempty"`
			Min      string `json:"min,omitempty"`
			Max      string `json:"max,omitempty"`
			Initial  any    `json:"initial,omitempty"`
		}{f.Kind, f.ID, f.Label, f.Required, f.MinDate, f.MaxDate, f.Initial}
	case FieldScale:
		v = struct {
			Kind     string        `json:"kind"`
			ID       string        `json:"id"`
			Label    string        `json:"label"`
			Required bool          `json:"required,omitempty"`
			Min      *oracleNumber `json:"min,omitempty"`
			Max      *oracleNumber `json:"max,omitempty"`
			MinLabel string        `json:"minLabel,omitempty"`
			MaxLabel string        `json:"maxLabel,omitempty"`
			Initial  any           `json:"initial,omitempty"`
		}{f.Kind, f.ID, f.Label, f.Required, oracleNum(f.Min), oracleNum(f.Max), f.MinLabel, f.MaxLabel, oracleInitial(f.Initial)}
	case FieldTags:
		v = struct {
			Kind        string   `json:"kind"`
			ID          string   `json:"id"`
			Label       string   `json:"label"`
			Required    bool     `json:"required,omitempty"`
			MaxItems    int      `json:"maxItems,omitempty"`
			Suggestions []string `json:"suggestions,omitempty"`
			Initial     any      `json:"initial,omitempty"`
		}{f.Kind, f.ID, f.Label, f.Required, f.MaxItems, f.Suggestions, f.Initial}
	case FieldToggle:
		v = struct {
			Kind    string `json:"kind"`
			ID      string `json:"id"`
			Label   string `json:"label"`
			Initial any    `json:"initial,omitempty"`
		}{f.Kind, f.ID, f.Label, f.Initial}
	default:
		v = struct {
			Kind       string   `json:"kind"`
			ID         string   `json:"id"`
			Label      string   `json:"label"`
			Options    []Option `json:"options"`
			AllowOther bool     `json:"allowOther,omitempty"`
			Initial    any      `json:"initial,omitempty"`
		}{f.Kind, f.ID, f.Label, orEmpty(f.Options), f.AllowOther, f.Initial}
	}
	out, err := marshalCompact(v)
	if err != nil {
		t.Fatalf("oracle field: %v", err)
	}
	return out
}

// checkEncoding fails unless Normalized, the oracle and json.Marshal agree
// on m: the same bytes, and for json.Marshal (which escapes HTML) the
// same value.
func checkEncoding(t *testing.T, m *Model) {
	t.Helper()
	got, err := m.Normalized()
	if err != nil {
		t.Fatalf("Normalized: %v", err)
	}
	if want := oracleNormalized(t, m); !bytes.Equal(got, want) {
		t.Fatalf("normalised bytes differ from encoding/json's:\n got %s\nwant %s", got, want)
	}
	marshalled, err := json.Marshal(m)
	if err != nil {
		t.Fatalf("json.Marshal: %v", err)
	}
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatalf("normalised bytes are not JSON: %v", err)
	}
	if err := json.Unmarshal(marshalled, &b); err != nil {
		t.Fatalf("json.Marshal gave no JSON: %v", err)
	}
	ga, _ := json.Marshal(a)
	gb, _ := json.Marshal(b)
	if !bytes.Equal(ga, gb) {
		t.Fatalf("json.Marshal and Normalized differ in value:\n%s\n%s", marshalled, got)
	}
}

// Every valid conformance model encodes as encoding/json encodes it.
func TestNormalizedMatchesEncodingJSONOnVectors(t *testing.T) {
	t.Parallel()
	for file, cases := range loadVectors(t) {
		for _, c := range cases {
			if !c.Valid {
				continue
			}
			t.Run(file+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				raw, args := c.input(t)
				parse := Parse
				if args {
					parse = ParseArguments
				}
				m, problems := parse(raw, c.Limits)
				if m == nil {
					t.Fatalf("valid vector rejected: %v", problems)
				}
				checkEncoding(t, m)
				fresh := *m
				fresh.normalized = nil
				checkEncoding(t, &fresh)
			})
		}
	}
}

// Models built by other code, with values Parse never produces, encode as
// encoding/json encodes them, errors included.
func TestNormalizedMatchesEncodingJSONOnBuiltModels(t *testing.T) {
	t.Parallel()
	before := "old <b> & \u2028\u2029 \x00\x01\x1f\x7f \b\f\r\t\n \"q\" \\ \xff\xfe é 😀"
	oddCells := map[string]any{
		"z": nil, "a": json.Number(""), "m": json.Number("1.50"), "b": true, "f": 2.5, "i": 3, "s": before, "\u2028k<": false,
	}
	tests := map[string]*Model{
		"zero model": {},
		"odd strings and values": {
			Version: 7, Title: before, Description: "<script>&amp;</script>",
			Sections: []Section{
				{ID: "s", Layout: Layout{Kind: "grid", Columns: 3}},
				{ID: "t", Title: "T", Layout: Layout{Kind: LayoutStack}, Blocks: []Block{
					{Kind: BlockMarkdown, Text: before},
					{Kind: BlockMetrics},
					{Kind: BlockMetrics, Items: []Metric{{Label: "a", Value: ""}, {Label: "b", Value: "v", Detail: "d"}}},
					{Kind: BlockTable},
					{Kind: BlockTable, Columns: []Column{{ID: "c", Label: "C"}}, Rows: rowsOf(t, nil, map[string]any{}, oddCells)},
					{Kind: BlockTable, Columns: []Column{{ID: "d", Label: "D"}, {ID: "c", Label: "C"}, {ID: "d", Label: "D2"}}, Rows: rowsOf(t,
						map[string]any{"c": json.Number("1"), "x": "not a column"}, map[string]any{"d": "y"}, map[string]any{"d": nil, "c": true}, map[string]any{"x": 1, "y": 2}, map[string]any{},
					)},
					{Kind: BlockDiff, After: "x"},
					{Kind: BlockDiff, Path: "p", Before: &before, After: "", Language: "go"},
					{Kind: BlockNotice, Tone: ToneInfo, Text: "n"},
					{Kind: "unknown", Text: "t", Tone: "x"},
				}},
			},
			Fields: []Field{
				{Kind: FieldText, ID: "a", Label: "A", Multiline: true, Required: true, Initial: ""},
				{Kind: FieldText, ID: "b", Label: "B"},
				{Kind: FieldToggle, ID: "c", Label: "C", Initial: false},
				{Kind: FieldChoice, ID: "d", Label: "D", Initial: "x"},
				{Kind: FieldMultiChoice, ID: "e", Label: "E", Options: []Option{{ID: "x", Label: "X", Detail: before}}, Initial: []string{}},
				{Kind: FieldOrder, ID: "f", Label: "F", Initial: []string(nil)},
				{Kind: FieldOrder, ID: "g", Label: "G", Initial: []string{"y", "x"}},
				{Kind: "other", ID: "h", Label: "H", Initial: map[string]int{"n": 1}},
				{Kind: FieldText, ID: "i", Label: "I", Initial: 12},
			},
			Submit: Submit{Label: before},
		},
	}
	for name, m := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checkEncoding(t, m)
		})
	}
}

// rowsOf encodes each map of cells with RowOf; a nil map is a nil row.
func rowsOf(t *testing.T, cells ...map[string]any) []Row {
	t.Helper()
	rows := make([]Row, 0, len(cells))
	for _, c := range cells {
		r, err := RowOf(c)
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, r)
	}
	return rows
}

// RowOf writes a row as encoding/json writes the map of its cells (keys
// sorted, no HTML escaping), errors included: the encoding the full check
// gives a table row, which the fast parser's rows must match.
func TestRowOfMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	odd := "old <b> & \u2028\u2029 \x00\x01\x1f\x7f \b\f\r\t\n \"q\" \\ \xff\xfe é 😀"
	tests := map[string]map[string]any{
		"empty":           {},
		"scalars":         {"z": nil, "m": json.Number("1.50"), "b": true, "c": false, "f": 2.5, "i": 3, "s": odd},
		"keys to escape":  {"\u2028k<": false, "q\"": "x", "é": "y", "\x7f": 1},
		"many keys":       {"p": 1, "o": 2, "n": 3, "m": 4, "l": 5, "k": 6, "j": 7, "i": 8, "h": 9, "g": 10, "f": 11, "e": 12, "d": 13, "c": 14, "b": 15, "a": 16, "q": 17},
		"not a column id": {"c": json.Number("1"), "x": "not a column"},
	}
	for name, cells := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := RowOf(cells)
			want, oracleErr := marshalCompact(cells)
			if err != nil || oracleErr != nil {
				t.Fatalf("RowOf error %v, encoding/json error %v", err, oracleErr)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("RowOf\n got %s\nwant %s", got, want)
			}
		})
	}
	if r, err := RowOf(map[string]any{"a": json.Number("")}); err != nil || string(r) != `{"a":0}` {
		t.Errorf("an empty json.Number is 0 (as encoding/json writes it): %s %v", r, err)
	}
	if r, err := RowOf(nil); r != nil || err != nil {
		t.Errorf("RowOf(nil) = %s, %v; want a nil row", r, err)
	}
	for name, bad := range map[string]any{"invalid number": json.Number("1.2.3"), "NaN-free float": []float64{}, "channel": make(chan int)} {
		_, err := RowOf(map[string]any{"c": bad})
		_, oracleErr := marshalCompact(map[string]any{"c": bad})
		if (err == nil) != (oracleErr == nil) {
			t.Errorf("%s: RowOf error %v, encoding/json error %v", name, err, oracleErr)
		}
	}
}

// A parsed model hands out the bytes it measured, as often as asked; an
// append to them does not reach the model.
func TestNormalizedOfAParsedModel(t *testing.T) {
	t.Parallel()
	m, problems := Parse([]byte(`{"version":1,"title":"T","sections":[],"submit":{"label":"S"}}`), tasksurface.Limits{})
	if m == nil {
		t.Fatal(problems)
	}
	a, _ := m.Normalized()
	_ = append(a, "more"...)
	b, _ := m.Normalized()
	if !bytes.Equal(a, b) || string(b) != `{"version":1,"title":"T","sections":[],"fields":[],"submit":{"label":"S"}}` {
		t.Fatalf("Normalized = %s, then %s", a, b)
	}
}
