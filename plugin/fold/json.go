package fold

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"math"
	"strconv"
	"strings"
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
		s = apply(s, ev, reader{checked: true})
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

// ActiveOf returns the open surface of a projection view, or nil, reading
// the view's members without decoding the rest (its outcomes); ok is false
// for a view that is not a JSON object or whose active member is not a
// surface. Of a repeated key the last counts, as with ParseView.
func ActiveOf(raw json.RawMessage) (active *Occurrence, ok bool) {
	if !isObject(raw) {
		return nil, false
	}
	a, present := lastMember(raw, "active")
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
	if !isObject(raw) {
		return nil, false
	}
	return member(raw)
}

// isObject reports whether raw is one JSON object, checked whole.
func isObject(raw json.RawMessage) bool {
	t := trimJSON(raw)
	return len(t) > 0 && t[0] == '{' && json.Valid(t)
}

// member is object for a value inside JSON already checked whole, such as
// a member value object returned: the value is then valid JSON as well,
// and is not checked again.
func member(raw json.RawMessage) (map[string]json.RawMessage, bool) {
	raw = trimJSON(raw)
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	m := make(map[string]json.RawMessage, 8)
	for lit, value := range members(raw) {
		key, ok := unquote(lit)
		if !ok {
			return nil, false
		}
		m[key] = value
	}
	return m, true
}

// lastMember returns the value of the last member named key of raw, a JSON
// object checked whole, as member would find it, without building the map:
// a key written without escapes is compared as it stands.
func lastMember(raw json.RawMessage, key string) (value json.RawMessage, present bool) {
	for lit, v := range members(trimJSON(raw)) {
		match := len(lit) == len(key)+2 && string(lit[1:len(lit)-1]) == key
		if !match && bytes.IndexByte(lit, '\\') >= 0 {
			k, ok := unquote(lit)
			match = ok && k == key
		}
		if match {
			value, present = v, true
		}
	}
	return value, present
}

// members yields the members of raw, a trimmed JSON object checked whole,
// in order: each key as written (its quoted literal) and its value.
func members(raw json.RawMessage) iter.Seq2[[]byte, json.RawMessage] {
	return func(yield func([]byte, json.RawMessage) bool) {
		for i := skipSpace(raw, 1); raw[i] != '}'; {
			end := skipString(raw, i)
			lit := raw[i:end]
			i = skipSpace(raw, skipSpace(raw, end)+1) // past ':'
			vend := skipValue(raw, i)
			if !yield(lit, raw[i:vend]) {
				return
			}
			if i = skipSpace(raw, vend); raw[i] == ',' {
				i = skipSpace(raw, i+1)
			}
		}
	}
}

// elements splits raw into its elements when it is a JSON array, for a
// value inside JSON already checked whole, like member.
func elements(raw json.RawMessage) ([]json.RawMessage, bool) {
	raw = trimJSON(raw)
	if len(raw) == 0 || raw[0] != '[' {
		return nil, false
	}
	var a []json.RawMessage
	for i := skipSpace(raw, 1); raw[i] != ']'; {
		end := skipValue(raw, i)
		a = append(a, raw[i:end])
		if i = skipSpace(raw, end); raw[i] == ',' {
			i = skipSpace(raw, i+1)
		}
	}
	return a, true
}

// The scanners below walk JSON text already checked by json.Valid, so they
// only find where things end.

// skipSpace returns the index of the first non-space byte at or after i.
func skipSpace(b []byte, i int) int {
	for i < len(b) && isJSONSpace(b[i]) {
		i++
	}
	return i
}

// skipString returns the index just past the string that starts at i.
func skipString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return i
}

// skipValue returns the index just past the value that starts at i.
func skipValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for ; i < len(b); i++ {
			switch b[i] {
			case '"':
				i = skipString(b, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return i
	default:
		for i < len(b) && !strings.ContainsRune(",}] \t\n\r", rune(b[i])) {
			i++
		}
		return i
	}
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
