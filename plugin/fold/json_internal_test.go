package fold

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzObject holds the hand-written object scanner to encoding/json: same
// verdict, same keys, same values.
func FuzzObject(f *testing.F) {
	for _, s := range []string{
		`{}`, ` { "a" : 1 , "b":[1,{"c":"]"}], "d":"x\"}y" } `, `{"a":1,"a":2}`, `{"\u0074ype":"x"}`,
		`{"a":{"b":{"c":[[],{}]}},"e":-1.5e3,"f":true,"g":null}`, `{"a":"\\"}`, `{"a":1,}`, `{"a"}`, `[1]`, `{"\xff":1}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, ok := object(json.RawMessage(in))
		var want map[string]json.RawMessage
		err := json.Unmarshal([]byte(in), &want)
		isObject := err == nil && len(bytes.TrimSpace([]byte(in))) > 0 && bytes.TrimSpace([]byte(in))[0] == '{'
		if ok != isObject {
			t.Fatalf("object(%q) ok = %v, encoding/json says object = %v (%v)", in, ok, isObject, err)
		}
		if !ok {
			return
		}
		if len(got) != len(want) {
			t.Fatalf("object(%q) has %d members, want %d", in, len(got), len(want))
		}
		for k, w := range want {
			g, found := got[k]
			if !found {
				t.Fatalf("object(%q) lacks key %q", in, k)
			}
			var gc, wc bytes.Buffer
			if json.Compact(&gc, g) != nil || json.Compact(&wc, w) != nil || gc.String() != wc.String() {
				t.Fatalf("object(%q)[%q] = %s, want %s", in, k, g, w)
			}
		}
	})
}

// FuzzArray holds the array scanner to encoding/json on JSON that
// encoding/json reads (elements only reads values inside JSON already
// checked).
func FuzzArray(f *testing.F) {
	for _, s := range []string{`[]`, ` [ 1 , "a" , {"b":[2]} , [] ] `, `["]",{"x":"["}]`, `[1,]`, `{}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !json.Valid([]byte(in)) {
			return
		}
		got, ok := elements(json.RawMessage(in))
		var want []json.RawMessage
		err := json.Unmarshal([]byte(in), &want)
		trimmed := bytes.TrimSpace([]byte(in))
		isArray := err == nil && len(trimmed) > 0 && trimmed[0] == '['
		if ok != isArray {
			t.Fatalf("elements(%q) ok = %v, encoding/json says array = %v (%v)", in, ok, isArray, err)
		}
		if ok && len(got) != len(want) {
			t.Fatalf("elements(%q) has %d elements, want %d", in, len(got), len(want))
		}
	})
}

// FuzzMember holds member to object on JSON that is valid, and str and
// number to encoding/json on every member value.
func FuzzMember(f *testing.F) {
	for _, s := range []string{`{}`, `{"n":null,"t":true,"s":"x"}`, `{"a":"x\u00e9\"","b":-1.5e3,"c":1e400,"d":"\ud800","e":[1],"f":{"g":2}}`, "{\"h\":\"\xff\"}", `[1]`, `"s"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		if !json.Valid([]byte(in)) {
			return
		}
		want, wantOK := object(json.RawMessage(in))
		got, ok := member(json.RawMessage(in))
		if ok != wantOK || len(got) != len(want) {
			t.Fatalf("member(%q) = %v, %v; object gives %v, %v", in, got, ok, want, wantOK)
		}
		for k, v := range got {
			if string(v) != string(want[k]) {
				t.Fatalf("member(%q)[%q] = %s, object gives %s", in, k, v, want[k])
			}
			var ws string
			werr := json.Unmarshal(v, &ws)
			gs, gok := str(v)
			if gok != (werr == nil && bytes.TrimSpace(v)[0] == '"') || gok && gs != ws {
				t.Fatalf("str(%s) = %q, %v; encoding/json gives %q, %v", v, gs, gok, ws, werr)
			}
			var wf float64
			werr = json.Unmarshal(v, &wf)
			gf, gok := number(v)
			if c := bytes.TrimSpace(v)[0]; gok != (werr == nil && (c == '-' || '0' <= c && c <= '9')) || gok && gf != wf {
				t.Fatalf("number(%s) = %v, %v; encoding/json gives %v, %v", v, gf, gok, wf, werr)
			}
		}
	})
}

// ActiveOf reads the open surface of a view as ParseView does, without
// decoding the outcomes, on hostile views too.
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
