package fold

import (
	"bytes"
	"encoding/json"
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

// FuzzArray holds the array scanner to encoding/json.
func FuzzArray(f *testing.F) {
	for _, s := range []string{`[]`, ` [ 1 , "a" , {"b":[2]} , [] ] `, `["]",{"x":"["}]`, `[1,]`, `{}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, ok := array(json.RawMessage(in))
		var want []json.RawMessage
		err := json.Unmarshal([]byte(in), &want)
		trimmed := bytes.TrimSpace([]byte(in))
		isArray := err == nil && len(trimmed) > 0 && trimmed[0] == '['
		if ok != isArray {
			t.Fatalf("array(%q) ok = %v, encoding/json says array = %v (%v)", in, ok, isArray, err)
		}
		if ok && len(got) != len(want) {
			t.Fatalf("array(%q) has %d elements, want %d", in, len(got), len(want))
		}
	})
}
