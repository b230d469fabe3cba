package hosttest_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
	"github.com/dsh-community/task-surface/sdk/tshost/hosttest"
)

// Values answers every example surface, typed inputs included, with
// answers the plugin accepts.
func TestValuesFitEveryExample(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "examples", "surfaces", "*.json"))
	if err != nil || len(files) < 7 {
		t.Fatalf("example surfaces %v, %v; want all seven", files, err)
	}
	ctx := t.Context()
	kit := hostkit.New(hostkit.Config{Storage: hostkit.NewMemoryStorage()})
	if err := kit.Bind(ctx, server.New("test", nil)); err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			model, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			_, submit := answer(t, kit, model)
			submit()
		})
	}
}

// Values follows the version 2 model: it leaves out the fields a condition
// hides, reads a bound that names a field as that field's answer, and
// places an allocation's total exactly, so the plugin accepts what it sends
// for the rollout plan written other ways: the canary listed first (so the
// last option, the full fleet, hides the canary's questions), no proposed
// dates (the end date's min is the start date's answer), no proposed
// allocation, a step grid the named bound is off.
func TestValuesFollowTheInterview(t *testing.T) {
	t.Parallel()
	plan, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "surfaces", "rollout-plan.json"))
	if err != nil {
		t.Fatal(err)
	}
	edit := func(t *testing.T, change func(fields []map[string]any) []map[string]any) json.RawMessage {
		var m map[string]any
		if err := json.Unmarshal(plan, &m); err != nil {
			t.Fatal(err)
		}
		var fields []map[string]any
		b, _ := json.Marshal(m["fields"])
		_ = json.Unmarshal(b, &fields)
		m["fields"] = change(fields)
		out, _ := json.Marshal(m)
		return out
	}
	byID := func(fields []map[string]any, id string) map[string]any {
		for _, f := range fields {
			if f["id"] == id {
				return f
			}
		}
		t.Fatalf("no field %q", id)
		return nil
	}
	canaryFirst := func(fields []map[string]any) []map[string]any {
		target := byID(fields, "target")
		opts := target["options"].([]any)
		target["options"] = []any{opts[1], opts[0]}
		delete(byID(fields, "start"), "initial")
		delete(byID(fields, "end"), "initial")
		return fields
	}
	cases := []struct {
		name   string
		change func(fields []map[string]any) []map[string]any
		want   map[string]any // answers the values must hold; nil: must leave out
	}{
		{"canary first, no proposed dates", canaryFirst, map[string]any{
			"target": "full", "canary-share": nil, "canary-regions": nil, "residency": nil,
			"start": "2026-01-05", "end": "2026-01-05",
		}},
		{"canary last, no proposed dates or allocation", func(fields []map[string]any) []map[string]any {
			delete(byID(fields, "start"), "initial")
			delete(byID(fields, "end"), "initial")
			effort := byID(fields, "effort")
			delete(effort, "initial")
			effort["step"] = 4
			return fields
		}, map[string]any{
			"target": "canary", "canary-share": float64(5), "canary-regions": []any{"eu", "us"},
			"residency": "An answer to: EU data residency sign-off", "end": "2026-01-05",
			"effort": map[string]any{"migration": float64(40), "dashboards": float64(0), "retries": float64(0), "oncall": float64(0)},
		}},
		{"a number bound by another, off its grid", func(fields []map[string]any) []map[string]any {
			share := byID(fields, "canary-share")
			delete(share, "initial")
			share["min"] = map[string]any{"field": "floor"}
			share["step"] = 0.5
			share["max"] = 50
			floor := map[string]any{"kind": "number", "id": "floor", "label": "Floor", "min": 1.25, "max": 9}
			return append([]map[string]any{floor}, fields...)
		}, map[string]any{"floor": 1.25, "canary-share": 1.5}},
	}
	ctx := t.Context()
	kit := hostkit.New(hostkit.Config{Storage: hostkit.NewMemoryStorage()})
	if err := kit.Bind(ctx, server.New("test", nil)); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			model := edit(t, c.change)
			values, submit := answer(t, kit, model)
			var got map[string]any
			if err := json.Unmarshal(values, &got); err != nil {
				t.Fatal(err)
			}
			for id, want := range c.want {
				v, sent := got[id]
				if want == nil && sent {
					t.Errorf("%s: sent %v for a hidden field", id, v)
				}
				if want != nil && !reflect.DeepEqual(v, want) {
					t.Errorf("%s = %#v, want %#v", id, v, want)
				}
			}
			submit()
		})
	}
}

// answer opens model in a new session of kit, as the plugin normalised it,
// and returns the values Values makes for it and a submit of them that
// fails the test if the plugin refuses them.
func answer(t *testing.T, kit *hostkit.Host, model []byte) (json.RawMessage, func()) {
	t.Helper()
	ctx := t.Context()
	args, _ := json.Marshal(map[string]json.RawMessage{"model": model})
	session := kit.NewSession()
	if res, err := kit.CallTool(ctx, session, "call_1", args); err != nil || !res.OK {
		t.Fatalf("CallTool = %+v, %v", res, err)
	}
	active, err := kit.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: session})
	if err != nil || !active.Active {
		t.Fatalf("GetActive = %+v, %v", active, err)
	}
	values, err := hosttest.Values(active.Model)
	if err != nil {
		t.Fatal(err)
	}
	return values, func() {
		t.Helper()
		sub, err := kit.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: active.SurfaceID, SubmissionID: "sub-1", Values: values})
		if err != nil || !sub.Accepted {
			t.Errorf("the answers %s were refused: %+v, %v", values, sub, err)
		}
	}
}
