package fold

import (
	"encoding/json"
	"reflect"
	"testing"
)

// ActiveOf reads the open surface of a view as ParseView does, on hostile
// views too.
func TestActiveOf(t *testing.T) {
	t.Parallel()
	open := &Occurrence{CallID: "call_1", SurfaceID: "tsf_a"}
	tests := []struct {
		name   string
		view   string
		active *Occurrence
		ok     bool
	}{
		{"nothing open", `{"active":null,"outcomes":[]}`, nil, true},
		{"open", `{"active":{"callId":"call_1","surfaceId":"tsf_a"},"outcomes":[]}`, open, true},
		{"spaces and outcomes first", " {\n\"outcomes\":[{\"callId\":\"c\",\"surfaceId\":\"s\",\"outcome\":\"submitted\",\"seq\":3,\"values\":{\"a\":[1,{\"active\":2}]}}], \"active\" : {\"surfaceId\":\"tsf_a\",\"callId\":\"call_1\"} } ", open, true},
		{"no active member", `{"outcomes":[]}`, nil, true},
		{"a repeated key: the last counts", `{"active":{"callId":"call_1","surfaceId":"tsf_a"},"active":null}`, nil, true},
		{"a repeated key, open last", `{"active":null,"active":{"callId":"call_1","surfaceId":"tsf_a"}}`, open, true},
		{"escaped key", `{"\u0061ctive":{"callId":"call_1","surfaceId":"tsf_a"}}`, open, true},
		{"keys that begin or end alike", `{"activeSurface":{"callId":"c","surfaceId":"s"},"inactive":{"callId":"c","surfaceId":"s"},"activ":1,"active":{"callId":"call_1","surfaceId":"tsf_a"}}`, open, true},
		{"an escaped quote in a key", `{"act\"ive":{"callId":"c","surfaceId":"s"},"active":null}`, nil, true},
		{"active is not a surface", `{"active":"tsf_a"}`, nil, false},
		{"not an object", `[{"active":null}]`, nil, false},
		{"not JSON", `{"active":`, nil, false},
		{"empty", ``, nil, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			active, ok := ActiveOf(json.RawMessage(tc.view))
			if ok != tc.ok || !reflect.DeepEqual(active, tc.active) {
				t.Errorf("ActiveOf(%s) = %+v, %v; want %+v, %v", tc.view, active, ok, tc.active, tc.ok)
			}
			if v, err := ParseView(json.RawMessage(tc.view)); err == nil && tc.view != "" && !reflect.DeepEqual(v.Active, active) {
				t.Errorf("ParseView reads the active surface %+v, ActiveOf %+v", v.Active, active)
			}
		})
	}
}
