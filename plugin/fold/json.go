package fold

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"unicode/utf8"
)

// maxSafeInteger is the largest integer a JavaScript number holds exactly.
const maxSafeInteger = 1<<53 - 1

// FoldJSON folds events into a state, both as JSON, for the SDK's Fold RPC.
// An empty state means Init. Events that are not well-formed session events
// are skipped, exactly as Apply leaves the state unchanged for them; only a
// state that cannot be read is an error.
func FoldJSON(state json.RawMessage, events []json.RawMessage) (stateOut, view json.RawMessage, err error) {
	s := Init()
	if len(trimJSON(state)) > 0 && !isNull(state) {
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
	if len(trimJSON(raw)) == 0 || isNull(raw) {
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

// ActiveOf returns the open surface of a projection view, or nil; ok is
// false for a view that is not a JSON object or whose active member is not
// a surface. Of a repeated key the last counts, as with ParseView.
func ActiveOf(raw json.RawMessage) (active *Occurrence, ok bool) {
	view, ok := object(raw)
	if !ok {
		return nil, false
	}
	a, present := view["active"]
	if !present || isNull(a) {
		return nil, true
	}
	var occ Occurrence
	if err := json.Unmarshal(a, &occ); err != nil {
		return nil, false
	}
	return &occ, true
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

// object splits raw into its members when it is a JSON object. Keys are
// matched exactly, a repeated key keeps its last value (as JSON.parse does),
// and member values are sub-slices of raw.
func object(raw json.RawMessage) (map[string]json.RawMessage, bool) {
	raw = trimJSON(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	var m map[string]json.RawMessage
	return m, json.Unmarshal(raw, &m) == nil
}

// elements splits raw into its elements when it is a JSON array.
func elements(raw json.RawMessage) ([]json.RawMessage, bool) {
	raw = trimJSON(raw)
	if len(raw) == 0 || raw[0] != '[' {
		return nil, false
	}
	var a []json.RawMessage
	return a, json.Unmarshal(raw, &a) == nil
}

// unquote decodes a JSON string literal, quickly when it has no escapes.
func unquote(lit []byte) (string, bool) {
	if len(lit) >= 2 && bytes.IndexByte(lit, '\\') < 0 && utf8.Valid(lit) {
		return string(lit[1 : len(lit)-1]), true
	}
	var s string
	err := json.Unmarshal(lit, &s)
	return s, err == nil
}

// str decodes raw when it is a JSON string.
func str(raw json.RawMessage) (string, bool) {
	raw = trimJSON(raw)
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	return unquote(raw)
}

// nonEmpty decodes raw when it is a non-empty JSON string.
func nonEmpty(raw json.RawMessage) (string, bool) {
	s, ok := str(raw)
	return s, ok && s != ""
}

// number decodes raw when it is a finite JSON number.
func number(raw json.RawMessage) (float64, bool) {
	raw = trimJSON(raw)
	if len(raw) == 0 || (raw[0] != '-' && (raw[0] < '0' || raw[0] > '9')) {
		return 0, false
	}
	// encoding/json reads a number with strconv.ParseFloat too, and fails
	// where it fails; a JSON number never spells NaN or an infinity.
	if !json.Valid(raw) {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, false
	}
	return f, true
}

// isTrue reports whether raw is the JSON literal true.
func isTrue(raw json.RawMessage) bool { return string(trimJSON(raw)) == "true" }

// isNull reports whether raw is the JSON literal null.
func isNull(raw json.RawMessage) bool { return string(trimJSON(raw)) == "null" }

// absent reports whether a member is missing or null, which JavaScript's
// `x == null` treats alike.
func absent(m map[string]json.RawMessage, key string) bool {
	raw, ok := m[key]
	return !ok || isNull(raw)
}

// trimJSON trims JSON white space (space, tab, newline, carriage return),
// which is narrower than bytes.TrimSpace.
func trimJSON(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && isJSONSpace(b[i]) {
		i++
	}
	for j > i && isJSONSpace(b[j-1]) {
		j--
	}
	return b[i:j]
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
