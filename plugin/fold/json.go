package fold

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// maxSafeInteger is the largest integer a JavaScript number holds exactly.
const maxSafeInteger = 1<<53 - 1

// FoldJSON folds events into a state, both as JSON, for the SDK's Fold RPC.
// An empty state means Init. Events that are not well-formed session events
// are skipped, exactly as Apply leaves the state unchanged for them; only a
// state that cannot be read is an error.
func FoldJSON(state json.RawMessage, events []json.RawMessage) (stateOut, view json.RawMessage, err error) {
	s := Init()
	if len(bytes.TrimSpace(state)) > 0 && !isNull(state) {
		if err := json.Unmarshal(state, &s); err != nil {
			return nil, nil, err
		}
	}
	for _, raw := range events {
		ev, err := DecodeEvent(raw)
		if err != nil {
			continue
		}
		s = Apply(s, ev)
	}
	if stateOut, err = json.Marshal(s); err != nil {
		return nil, nil, fmt.Errorf("fold state: %w", err)
	}
	if view, err = json.Marshal(s.View()); err != nil {
		return nil, nil, fmt.Errorf("fold view: %w", err)
	}
	return stateOut, view, nil
}

// ParseView reads a projection view, as the host returns it from
// ReadProjection.
func ParseView(raw json.RawMessage) (View, error) {
	var v View
	if len(bytes.TrimSpace(raw)) == 0 || isNull(raw) {
		return View{Outcomes: []Outcome{}}, nil
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return View{}, fmt.Errorf("projection view: %w", err)
	}
	if v.Active != nil && (v.Active.CallID == "" || v.Active.SurfaceID == "") {
		return View{}, errors.New("projection view: active surface without call id or surface id")
	}
	if v.Outcomes == nil {
		v.Outcomes = []Outcome{}
	}
	return v, nil
}

// decodeStrict decodes one JSON value into v, refusing unknown keys and
// trailing data.
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing data after the JSON value")
	}
	return nil
}

// The helpers below read JSON by its literal kind, the way the JavaScript
// twin tests typeof: a string is only a JSON string, never null.

// object decodes raw when it is a JSON object.
func object(raw json.RawMessage) (map[string]json.RawMessage, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return nil, false
	}
	return m, true
}

// array decodes raw when it is a JSON array.
func array(raw json.RawMessage) ([]json.RawMessage, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '[' {
		return nil, false
	}
	var a []json.RawMessage
	if json.Unmarshal(raw, &a) != nil {
		return nil, false
	}
	return a, true
}

// str decodes raw when it is a JSON string.
func str(raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// nonEmpty decodes raw when it is a non-empty JSON string.
func nonEmpty(raw json.RawMessage) (string, bool) {
	s, ok := str(raw)
	return s, ok && s != ""
}

// number decodes raw when it is a finite JSON number.
func number(raw json.RawMessage) (float64, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || (raw[0] != '-' && (raw[0] < '0' || raw[0] > '9')) {
		return 0, false
	}
	var f float64
	if json.Unmarshal(raw, &f) != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	return f, true
}

// isTrue reports whether raw is the JSON literal true.
func isTrue(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "true" }

// isNull reports whether raw is the JSON literal null.
func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// absent reports whether a member is missing or null, which JavaScript's
// `x == null` treats alike.
func absent(m map[string]json.RawMessage, key string) bool {
	raw, ok := m[key]
	return !ok || isNull(raw)
}
