package bench

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Model returns a realistic model whose JSON is just under size bytes
// (keep size at most 63 KiB so the normalised model stays under the 64 KiB
// default limit): a description, metrics, a markdown block, a
// table grown to the size, and one field of each kind.
func Model(size int) json.RawMessage {
	m := map[string]any{
		"version":     1,
		"title":       "Compare the candidate plans",
		"description": "Each row is a plan measured on last week's trace.",
		"sections": []any{
			map[string]any{"id": "summary", "layout": map[string]any{"kind": "grid", "columns": 2}, "blocks": []any{
				map[string]any{"kind": "metrics", "items": []any{
					map[string]any{"label": "Requests", "value": "2.1M"},
					map[string]any{"label": "p99", "value": "11 ms", "detail": "before"},
				}},
				map[string]any{"kind": "markdown", "text": "**Read me first.** The table lists every plan; see [the notes](https://example.com/notes)."},
			}},
		},
		"fields": []any{
			map[string]any{"kind": "choice", "id": "plan", "label": "Plan", "options": []any{
				map[string]any{"id": "a", "label": "Plan A"}, map[string]any{"id": "b", "label": "Plan B"}}},
			map[string]any{"kind": "multi-choice", "id": "checks", "label": "Checks", "options": []any{
				map[string]any{"id": "unit", "label": "Unit"}, map[string]any{"id": "lint", "label": "Lint"}}},
			map[string]any{"kind": "toggle", "id": "now", "label": "Start now"},
			map[string]any{"kind": "order", "id": "steps", "label": "Order", "options": []any{
				map[string]any{"id": "x", "label": "X"}, map[string]any{"id": "y", "label": "Y"}}},
			map[string]any{"kind": "text", "id": "why", "label": "Why", "multiline": true},
		},
		"submit": map[string]any{"label": "Choose"},
	}
	base, _ := json.Marshal(m)
	rows := []any{} // a table with no rows is valid; null is not
	row := func(i int) map[string]any {
		return map[string]any{"plan": fmt.Sprintf("Plan %d", i), "cost": i * 3, "ok": i%2 == 0,
			"note": strings.Repeat("measured under load ", 12)}
	}
	one, _ := json.Marshal(row(100))
	// The table block with no rows costs about 220 bytes.
	for n := len(base) + 220; n+len(one)+1 < size && len(rows) < 200; n += len(one) + 1 {
		rows = append(rows, row(len(rows)))
	}
	table := map[string]any{"kind": "table", "columns": []any{
		map[string]any{"id": "plan", "label": "Plan"}, map[string]any{"id": "cost", "label": "Cost"},
		map[string]any{"id": "ok", "label": "OK"}, map[string]any{"id": "note", "label": "Note"}}, "rows": rows}
	m["sections"] = append(m["sections"].([]any), map[string]any{"id": "table", "blocks": []any{table}})
	out, _ := json.Marshal(m)
	return out
}

// Arguments wraps a model as the tool's arguments.
func Arguments(model json.RawMessage) json.RawMessage {
	b, _ := json.Marshal(map[string]json.RawMessage{"model": model})
	return b
}
