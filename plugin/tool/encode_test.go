package tool

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/dsh-community/task-surface/bench"
	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The value and the metadata are the bytes json.Marshal writes for them,
// and the metadata is the one tasksurface.MetaFromValue derives from the value.
func TestEncodingMatchesJSONMarshal(t *testing.T) {
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
			normalized, err := m.Normalized()
			if err != nil {
				t.Fatal(err)
			}
			for _, html := range []map[string]string{markdown.RenderBlocks(md, m), nil, {}} {
				v := wire.Value{SurfaceID: "tsf_0123456789abcdef01234567", Model: normalized, Markdown: html}
				value, meta := encode(v, true)
				if alone, none := encode(v, false); !bytes.Equal(alone, value) || none != nil {
					t.Errorf("without the metadata: value %s, meta %s", alone, none)
				}
				want, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(value, want) {
					t.Errorf("value:\n got %s\nwant %s", value, want)
				}
				want, err = json.Marshal(wire.MetaOf(v))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(meta, want) {
					t.Errorf("meta:\n got %s\nwant %s", meta, want)
				}
				// A harness that asked for the value alone derives the same bytes.
				derived, err := tasksurface.MetaFromValue(value)
				if err != nil || !bytes.Equal(derived, meta) {
					t.Errorf("MetaFromValue: %v\n got %s\nwant %s", err, derived, meta)
				}
			}
			// The tool writes the value around the model in one buffer
			// when nothing needs an HTML escape, and afresh otherwise: the
			// bytes are json.Marshal's either way.
			tool := New(md)
			tool.newID = func() string { return "tsf_0123456789abcdef01234567" }
			args := append(append([]byte(`{"model":`), raw...), '}')
			for _, omit := range []bool{false, true} {
				resp, surface, err := tool.Open(&tasksurface.ShowRequest{Arguments: args, OmitMeta: omit}, tasksurface.DefaultLimits)
				if err != nil || !resp.OK {
					t.Fatalf("show: %v %+v", err, resp)
				}
				v := wire.Value{SurfaceID: "tsf_0123456789abcdef01234567", Model: normalized, Markdown: surface.Markdown}
				want, _ := json.Marshal(v)
				if !bytes.Equal(resp.Value, want) {
					t.Errorf("Open's value (omit meta %v):\n got %s\nwant %s", omit, resp.Value, want)
				}
				if want, _ := json.Marshal(wire.MetaOf(v)); !omit && !bytes.Equal(resp.Meta, want) {
					t.Errorf("Open's meta:\n got %s\nwant %s", resp.Meta, want)
				}
				if got, _ := surface.Model.Normalized(); !bytes.Equal(got, normalized) {
					t.Errorf("the surface's normalised model:\n got %s\nwant %s", got, normalized)
				}
			}
		})
	}
}
