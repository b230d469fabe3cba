package format_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/format"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/submission"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// model32 builds a parsed model with 32 fields, cycling through the five
// kinds, and a full values document for it.
func model32(tb testing.TB) (*model.Model, json.RawMessage) {
	tb.Helper()
	kinds := []string{"text", "choice", "multi-choice", "toggle", "order"}
	var fields []map[string]any
	values := map[string]any{}
	for i := range 32 {
		id := fmt.Sprintf("f%02d", i)
		f := map[string]any{"kind": kinds[i%len(kinds)], "id": id, "label": fmt.Sprintf("Question number %d", i)}
		var opts []map[string]any
		var ids []string
		for j := range 6 {
			oid := fmt.Sprintf("o%d", j)
			opts = append(opts, map[string]any{"id": oid, "label": fmt.Sprintf("Option %d for %d", j, i)})
			ids = append(ids, oid)
		}
		switch f["kind"] {
		case "text":
			f["multiline"] = true
			values[id] = strings.Repeat("Some reasonably long answer text. ", 8)
		case "choice":
			f["options"] = opts
			values[id] = "o3"
		case "multi-choice":
			f["options"] = opts
			values[id] = []string{"o4", "o1", "o2"}
		case "toggle":
			values[id] = true
		case "order":
			f["options"] = opts
			values[id] = []string{"o5", "o4", "o3", "o2", "o1", "o0"}
		}
		fields = append(fields, f)
	}
	doc, _ := json.Marshal(map[string]any{"version": 1, "title": "Benchmark", "sections": []any{}, "fields": fields, "submit": map[string]any{"label": "Go"}})
	m, problems := model.Parse(doc, tasksurface.Limits{})
	if len(problems) > 0 {
		tb.Fatalf("benchmark model: %v", problems)
	}
	raw, _ := json.Marshal(values)
	return m, raw
}

func BenchmarkValidate32Fields(b *testing.B) {
	m, raw := model32(b)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		if _, problems := submission.Validate(m, raw, "a note", tasksurface.Limits{}); problems != nil {
			b.Fatal(problems)
		}
	}
}

func BenchmarkFormat32Fields(b *testing.B) {
	m, raw := model32(b)
	v, problems := submission.Validate(m, raw, "", tasksurface.Limits{})
	if problems != nil {
		b.Fatal(problems)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = format.Format(m, v, "a note")
	}
}

func BenchmarkValidateAndFormat32Fields(b *testing.B) {
	m, raw := model32(b)
	b.SetBytes(int64(len(raw)))
	b.ReportAllocs()
	for b.Loop() {
		v, problems := submission.Validate(m, raw, "a note", tasksurface.Limits{})
		if problems != nil {
			b.Fatal(problems)
		}
		_ = format.Format(m, v, "a note")
	}
}
