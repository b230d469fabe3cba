package tasksurface

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestValueEncodeIsJSONMarshal holds Value.Encode to the bytes json.Marshal
// writes: hosts and the conformance vectors compare the value byte for byte.
func TestValueEncodeIsJSONMarshal(t *testing.T) {
	t.Parallel()
	tests := map[string]Value{
		"plain": {SurfaceID: "tsf_1", Model: json.RawMessage(`{"version":1,"title":"T"}`), Markdown: map[string]string{"/sections/0/blocks/0": "<p>hi</p>"}},
		"HTML and line separators in the model are escaped": {SurfaceID: "tsf_2", Model: json.RawMessage("{\"title\":\"a<b>&c\u2028d\u2029e\"}"), Markdown: map[string]string{}},
		"no Markdown":               {SurfaceID: "tsf_3", Model: json.RawMessage(`{}`)},
		"several Markdown blocks":   {SurfaceID: "tsf_4", Model: json.RawMessage(`[1,2]`), Markdown: map[string]string{"/b": "2", "/a": "1 & <i>x</i>"}},
		"an id that needs escaping": {SurfaceID: "tsf_\"<5>", Model: json.RawMessage(`null`)},
	}
	for name, v := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			want, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			got, err := v.Encode()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Encode = %s\nwant     %s", got, want)
			}
		})
	}
}
