package tasksurface_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

func TestMetaFromValue(t *testing.T) {
	t.Parallel()
	const model = `{"version":1,"title":"A \"quoted\" ,\"markdown\": title","sections":[]}`
	tests := map[string]struct {
		value string
		want  string
		err   bool
	}{
		"the plugin's layout": {
			value: `{"surfaceId":"tsf_1","model":` + model + `,"markdown":{"/sections/0/blocks/0":"<p>,\"markdown\":</p>\n"}}`,
			want:  `{"kind":"dsh/task-surface","version":1,"surfaceId":"tsf_1","model":` + model + `,"markdown":{"/sections/0/blocks/0":"<p>,\"markdown\":</p>\n"}}`,
		},
		"no Markdown is left out": {
			value: `{"surfaceId":"tsf_1","model":` + model + `,"markdown":{}}`,
			want:  `{"kind":"dsh/task-surface","version":1,"surfaceId":"tsf_1","model":` + model + `}`,
		},
		"null Markdown is left out": {
			value: `{"surfaceId":"tsf_1","model":` + model + `,"markdown":null}`,
			want:  `{"kind":"dsh/task-surface","version":1,"surfaceId":"tsf_1","model":` + model + `}`,
		},
		"another member order is read member by member": {
			value: `{"markdown":{"/a":"<p>x</p>"},"model":` + model + `,"surfaceId":"tsf_1"}`,
			want:  `{"kind":"dsh/task-surface","version":1,"surfaceId":"tsf_1","model":` + model + `,"markdown":{"/a":"<p>x</p>"}}`,
		},
		"not an object":  {value: `[1]`, err: true},
		"no surface id":  {value: `{"model":{}}`, err: true},
		"no model":       {value: `{"surfaceId":"tsf_1"}`, err: true},
		"truncated JSON": {value: `{"surfaceId":"tsf_1","model":{`, err: true},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got, err := tasksurface.MetaFromValue(json.RawMessage(tt.value))
			if tt.err {
				if err == nil {
					t.Fatalf("MetaFromValue(%s) = %s, want an error", tt.value, got)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Fatalf("MetaFromValue:\n got %s (%v)\nwant %s", got, err, tt.want)
			}
		})
	}
}

// A harness that calls Show with OmitMeta gets an answer without Meta;
// the tool result it writes still carries the metadata that opens the
// surface, derived from the value, and an answer with Meta keeps its own.
func TestNewToolResultMeta(t *testing.T) {
	t.Parallel()
	const value = `{"surfaceId":"tsf_1","model":{"version":1},"markdown":{}}`
	const derived = `{"kind":"dsh/task-surface","version":1,"surfaceId":"tsf_1","model":{"version":1}}`
	tests := map[string]struct {
		resp tasksurface.ShowResponse
		want string
	}{
		"Meta left out is derived":  {tasksurface.ShowResponse{OK: true, Value: json.RawMessage(value), Text: "opened"}, derived},
		"Meta given is kept":        {tasksurface.ShowResponse{OK: true, Value: json.RawMessage(value), Meta: json.RawMessage(`{"kind":"x"}`)}, `{"kind":"x"}`},
		"a value without a model":   {tasksurface.ShowResponse{OK: true, Value: json.RawMessage(`{"surfaceId":"tsf_1"}`)}, ""},
		"a failed call has no Meta": {tasksurface.ShowResponse{ErrorCode: "invalid-model", ErrorText: "fix it", Value: json.RawMessage(value)}, ""},
	}
	for name, tt := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			got := tasksurface.NewToolResult("c1", &tt.resp)
			if string(got.Meta) != tt.want {
				t.Fatalf("Meta %s, want %s", got.Meta, tt.want)
			}
		})
	}
}

// BenchmarkMetaFromValue derives the metadata of a value the size of the
// largest model (the tshost client does it for every Show it is not told to
// leave Meta out of).
func BenchmarkMetaFromValue(b *testing.B) {
	row := `{"cost":3,"note":"` + strings.Repeat("measured under load ", 12) + `","ok":true,"plan":"Plan 1"},`
	model := `{"version":1,"title":"T","sections":[{"id":"s","blocks":[{"kind":"table","columns":[],"rows":[` +
		strings.TrimSuffix(strings.Repeat(row, 200), ",") + `]}]}],"fields":[],"submit":{"label":"Go"}}`
	value := json.RawMessage(`{"surfaceId":"tsf_1","model":` + model + `,"markdown":{"/sections/0/blocks/0":"<p>x</p>"}}`)
	b.SetBytes(int64(len(value)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tasksurface.MetaFromValue(value); err != nil {
			b.Fatal(err)
		}
	}
}
