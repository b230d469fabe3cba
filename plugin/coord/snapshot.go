package coord

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// errNoProjection is the error of a request whose snapshot has no
// projection view: a host that leaves it out could have any surface open.
var errNoProjection = &tasksurface.RequestError{Pointer: "/snapshot/projection",
	Message: "the snapshot has no projection view; the host must send the session's view, {active, outcomes}"}

// state is what a decision reads of a snapshot: the projection view and
// the in-flight queue and dismissals, by their ids.
type state struct {
	view       fold.View
	queue      []tasksurface.QueuedMessage
	dismissals []tasksurface.DismissalInFlight
	token      string
}

// readState parses a snapshot.
func readState(snap *tasksurface.Snapshot) (state, error) {
	if len(snap.Projection) == 0 {
		return state{}, errNoProjection
	}
	v, err := fold.ParseView(snap.Projection)
	if err != nil {
		return state{}, viewError(err)
	}
	st := state{view: v, dismissals: snap.Dismissals, token: snap.StateToken}
	st.queue = make([]tasksurface.QueuedMessage, len(snap.Queue))
	for i, m := range snap.Queue {
		st.queue[i] = m.Ids()
	}
	return st, nil
}

// viewError is the RequestError of a projection view that is not the
// fold's view: where, and what belongs there, in JSON's words.
func viewError(err error) *tasksurface.RequestError {
	e := &tasksurface.RequestError{Pointer: "/snapshot/projection",
		Message: "the projection view must be the fold's view: {active: null or {callId, surfaceId}, outcomes: [...]}"}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			e.Pointer += "/" + strings.ReplaceAll(te.Field, ".", "/")
		}
		e.Message = fmt.Sprintf("a JSON %s where the fold's view has %s", te.Value, jsonKind(te.Type))
	}
	return e
}

// jsonKind names what JSON a Go type reads.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	}
	return "a number"
}

// target checks that the request's surface (or, for "", whichever is open)
// is the open one. It returns the open occurrence, or the reason it cannot
// be acted on: not-open when nothing is open, stale when another surface is.
func target(v fold.View, surfaceID tasksurface.SurfaceID) (*fold.Occurrence, tasksurface.Reason) {
	switch {
	case v.Active == nil:
		return nil, tasksurface.ReasonNotOpen
	case surfaceID != "" && surfaceID != v.Active.SurfaceID:
		return nil, tasksurface.ReasonStale
	}
	return v.Active, ""
}

// submissionOf returns the queue's submission of a surface: the one
// submission in flight for it.
func (st state) submissionOf(surfaceID tasksurface.SurfaceID) (tasksurface.QueuedMessage, bool) {
	for _, m := range st.queue {
		if m.SurfaceID == surfaceID {
			return m, true
		}
	}
	return tasksurface.QueuedMessage{}, false
}

// movedOn reports whether an ordinary user message is queued or being
// claimed: the conversation has moved on past the surface.
func (st state) movedOn() bool {
	for _, m := range st.queue {
		if m.IsOrdinary {
			return true
		}
	}
	return false
}

// dismissing returns the dismissal being written for a surface.
func (st state) dismissing(surfaceID tasksurface.SurfaceID) (tasksurface.DismissalInFlight, bool) {
	for _, d := range st.dismissals {
		if d.SurfaceID == surfaceID {
			return d, true
		}
	}
	return tasksurface.DismissalInFlight{}, false
}

// phaseOf is a queued message's phase, queued unless it says claiming.
func phaseOf(m tasksurface.QueuedMessage) tasksurface.Phase {
	if m.Phase == tasksurface.PhaseClaiming {
		return tasksurface.PhaseClaiming
	}
	return tasksurface.PhaseQueued
}
