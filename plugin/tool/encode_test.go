package tool

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/dsh-community/task-surface/bench"
	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The value holds the normalised model and the Markdown's HTML, escaped for
// HTML as json.Marshal writes them; the metadata is the one a harness that
// asked for the value alone derives with tasksurface.MetaFromValue.
func TestValueAndMetaAgreeWithTheSDK(t *testing.T) {
	t.Parallel()
	models := map[string][]byte{
		"typical":     bench.Model(4 << 10),
		"largest":     bench.Model(63 << 10),
		"html & more": []byte(`{"version":1,"title":"<b>&amp;</b> \u2028\u2029 é 😀 \"q\" \\","sections":[{"id":"s","blocks":[{"kind":"markdown","text":"<script>alert(1)</script> & [x](https://e.com/?a=1&b=<2>)\n\n| a |\n|---|\n| <i> |"},{"kind":"table","columns":[{"id":"c","label":">"}],"rows":[{"c":"&"}]}]},{"id":"t","blocks":[{"kind":"markdown","text":"second"}]}],"submit":{"label":"Send >"}}`),
		"no markdown": []byte(`{"version":1,"title":"T","sections":[{"id":"s","blocks":[{"kind":"notice","tone":"info","text":"n"}]}],"submit":{"label":"S"}}`),
		"no sections": []byte(`{"version":1,"title":"T","sections":[],"submit":{"label":"S"}}`),
	}
	md := markdown.New()
	for name, raw := range models {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m, problems := model.Parse(raw, tasksurface.DefaultLimits)
			if m == nil {
				t.Fatal(problems)
			}
			normalized, _ := m.Normalized()
			tool := New(md)
			tool.newID = func() string { return "tsf_0123456789abcdef01234567" }
			args := append(append([]byte(`{"model":`), raw...), '}')
			for _, omit := range []bool{false, true} {
				resp, surface, err := tool.Open(&tasksurface.ShowRequest{Arguments: args, OmitMeta: omit}, tasksurface.DefaultLimits)
				if err != nil || !resp.OK {
					t.Fatalf("show: %v %+v", err, resp)
				}
				if bytes.ContainsAny(resp.Value, "<>&") {
					t.Errorf("the value holds an unescaped <, > or &: %.200s", resp.Value)
				}
				var v tasksurface.Value
				if err := json.Unmarshal(resp.Value, &v); err != nil || v.SurfaceID != surface.SurfaceID {
					t.Fatalf("the value does not read back: %v", err)
				}
				var a, b any
				if json.Unmarshal(v.Model, &a) != nil || json.Unmarshal(normalized, &b) != nil {
					t.Fatal("the model in the value is not JSON")
				}
				if ga, gb := mustMarshal(t, a), mustMarshal(t, b); !bytes.Equal(ga, gb) {
					t.Errorf("the value's model differs from the normalised model:\n%s\n%s", ga, gb)
				}
				derived, err := tasksurface.MetaFromValue(resp.Value)
				if err != nil {
					t.Fatal(err)
				}
				if omit != (resp.Meta == nil) || !omit && !bytes.Equal(derived, resp.Meta) {
					t.Errorf("omit meta %v: meta %s, derived %s", omit, resp.Meta, derived)
				}
			}
		})
	}
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
