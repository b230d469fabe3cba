package fold

import (
	"encoding/json"
	"errors"
	"math"
)

// Event is one session event: {type, seq, data}.
type Event struct {
	// Type is the session event type, for example "tool/result".
	Type string
	// Seq is the event's log sequence, a non-negative integer.
	Seq int64
	// Data is the event's payload; its shape depends on Type. DecodeEvent
	// leaves it sharing the memory of the raw event.
	Data json.RawMessage
}

// DecodeEvent reads one session event. It fails when raw is not an object
// with a string type and a non-negative integer seq; Apply is never asked to
// fold such an event, which leaves the state unchanged, as the JavaScript
// twin does.
func DecodeEvent(raw json.RawMessage) (Event, error) {
	m, ok := object(raw)
	if !ok {
		return Event{}, errors.New("session event: not a JSON object")
	}
	typ, ok := str(m["type"])
	if !ok {
		return Event{}, errors.New("session event: type is not a string")
	}
	seq, ok := number(m["seq"])
	if !ok || seq < 0 || seq > maxSafeInteger || seq != math.Trunc(seq) {
		return Event{}, errors.New("session event: seq is not a non-negative integer")
	}
	return Event{Type: typ, Seq: int64(seq), Data: m["data"]}, nil
}
