package tool

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

const validArgs = `{"model":{"version":1,"title":"Pick one","sections":[{"id":"s","blocks":[{"kind":"markdown","text":"Hello ![cat](https://example.com/cat.png)"}]}],"fields":[{"kind":"toggle","id":"go","label":"Go?"}],"submit":{"label":"Send"}}}`

func TestShow(t *testing.T) {
	t.Parallel()
	tests := map[string]struct {
		req      tasksurface.ShowRequest
		wantOK   bool
		wantCode tasksurface.ShowErrorCode
		wantText string
	}{
		"a valid model opens": {
			req:    tasksurface.ShowRequest{Arguments: json.RawMessage(validArgs)},
			wantOK: true, wantText: `Task Surface "Pick one" (tsf_test) is open`,
		},
		"nested calls are refused": {
			req:      tasksurface.ShowRequest{Arguments: json.RawMessage(validArgs), ParentCallID: "run_code_1"},
			wantCode: tasksurface.ShowNestedCall, wantText: "top-level tool call",
		},
		"code mode is refused": {
			req:      tasksurface.ShowRequest{Arguments: json.RawMessage(validArgs), Mode: "code"},
			wantCode: tasksurface.ShowUnsupportedMode, wantText: "code mode",
		},
		"a mode no harness declares is refused": {
			req:      tasksurface.ShowRequest{Arguments: json.RawMessage(validArgs), Mode: "Native"},
			wantCode: tasksurface.ShowUnsupportedMode, wantText: "any other mode",
		},
		"both mode opens": {
			req:    tasksurface.ShowRequest{Arguments: json.RawMessage(validArgs), Mode: tasksurface.ModeBoth},
			wantOK: true,
		},
		"an open surface refuses another": {
			req:      tasksurface.ShowRequest{Arguments: json.RawMessage(validArgs), Projection: json.RawMessage(`{"active":{"callId":"c","surfaceId":"tsf_open"}}`)},
			wantCode: tasksurface.ShowSurfaceOpen, wantText: "tsf_open is still open",
		},
		"a closed projection does not refuse": {
			req:    tasksurface.ShowRequest{Arguments: json.RawMessage(validArgs), Projection: json.RawMessage(`{"active":null,"outcomes":[]}`)},
			wantOK: true,
		},
		"an invalid model lists its problems with pointers": {
			req:      tasksurface.ShowRequest{Arguments: json.RawMessage(`{"model":{"version":1,"title":"x","sections":[{"id":"s","blocks":[{"kind":"chart"}]}],"submit":{"label":"Go"}}}`)},
			wantCode: tasksurface.ShowInvalidModel, wantText: "- /sections/0/blocks/0",
		},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			tool := New(markdown.New())
			tool.newID = func() string { return "tsf_test" }
			resp, err := tool.Show(&tc.req, tasksurface.DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			if resp.OK != tc.wantOK || resp.ErrorCode != tc.wantCode {
				t.Fatalf("ok=%v code=%q, want ok=%v code=%q (%s)", resp.OK, resp.ErrorCode, tc.wantOK, tc.wantCode, resp.ErrorText)
			}
			text := resp.ErrorText
			if resp.OK {
				text = resp.Text
			}
			if !strings.Contains(text, tc.wantText) {
				t.Errorf("text %q lacks %q", text, tc.wantText)
			}
		})
	}
}

// The canonical value and the metadata carry the normalised model and the
// sanitised Markdown; the image became its alt text.
func TestShowValueAndMeta(t *testing.T) {
	t.Parallel()
	tool := New(markdown.New())
	resp, err := tool.Show(&tasksurface.ShowRequest{Arguments: json.RawMessage(validArgs)}, tasksurface.DefaultLimits)
	if err != nil || !resp.OK {
		t.Fatalf("show: %v %+v", err, resp)
	}
	var v tasksurface.Value
	if err := json.Unmarshal(resp.Value, &v); err != nil {
		t.Fatal(err)
	}
	var meta tasksurface.Meta
	if err := json.Unmarshal(resp.Meta, &meta); err != nil {
		t.Fatal(err)
	}
	if meta.Kind != tasksurface.MetaKind || meta.Version != 1 || meta.SurfaceID != v.SurfaceID || string(meta.Model) != string(v.Model) {
		t.Errorf("meta %+v does not match value %+v", meta, v)
	}
	html := v.Markdown["/sections/0/blocks/0"]
	if !strings.Contains(html, "cat") || strings.Contains(html, "<img") || strings.Contains(html, "example.com") {
		t.Errorf("markdown html = %q, want the image as alt text only", html)
	}
	if !strings.Contains(string(v.Model), `"layout":{"kind":"stack"}`) {
		t.Errorf("model not normalised: %s", v.Model)
	}
}

// A caller that derives the metadata from the value (OmitMeta) gets the
// value alone, and the surface it opened still carries that value, from
// which the plugin confirms the log's metadata later.
func TestShowWithoutMeta(t *testing.T) {
	t.Parallel()
	tool := New(markdown.New())
	resp, surface, err := tool.Open(&tasksurface.ShowRequest{Arguments: json.RawMessage(validArgs), OmitMeta: true}, tasksurface.DefaultLimits)
	if err != nil || !resp.OK || surface == nil {
		t.Fatalf("show: %v %+v", err, resp)
	}
	if resp.Meta != nil || len(resp.Value) == 0 || string(surface.Value) != string(resp.Value) {
		t.Errorf("meta %q, value %q, surface value %q: want the value alone, kept by the surface", resp.Meta, resp.Value, surface.Value)
	}
}

// The parameter schema is the same bytes on every call.
func TestDeclarationIsStable(t *testing.T) {
	t.Parallel()
	a, b := Declaration(), Declaration()
	if string(a.ParametersSchema) != string(b.ParametersSchema) || a.Description != b.Description {
		t.Fatal("the declaration changed between calls")
	}
	if !a.Exclusive || !a.ConcludesTurn || a.Name != tasksurface.ToolName {
		t.Errorf("declaration = %+v", a)
	}
	for _, m := range a.Modes {
		if m == "code" {
			t.Errorf("the tool is offered in code mode")
		}
	}
}
