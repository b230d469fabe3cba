package hostkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Acts is what a host of its own hands SubmitStep and DismissStep for one
// session: how to read it, and the two acts, each a compare-and-set on the
// host's state token. The Host of this package is one; a harness with its
// own log and queue implements Acts and reuses the steps.
type Acts interface {
	// Snapshot reads the session now (tasksurface.Snapshot): the
	// projection view, the queue by ids (tasksurface.QueuedFrom), the
	// dismissals being written, the log's last seq, and StateToken, a
	// token that changes whenever any of them changes.
	Snapshot(ctx context.Context) (tasksurface.Snapshot, error)
	// OpeningMeta returns the open surface's tool-result metadata, as the
	// log holds it, for a plugin that answered MetaNeeded; nil when the
	// log holds none.
	OpeningMeta(ctx context.Context, projection json.RawMessage) (json.RawMessage, error)
	// Admit queues a.Message() for the next turn if, at that moment, the
	// session's state token is a.StateToken, with nothing between the
	// compare and the act; it returns ErrStale, having done nothing,
	// otherwise, and any other error when the queue could not take it.
	Admit(ctx context.Context, a *tasksurface.Admission) error
	// Record writes the dismissal's records (tasksurface.NewDismissal, or
	// for a request naming a running command, that command's success) if,
	// at that moment, the session's state token is r.StateToken, listing
	// it in Snapshot's Dismissals until it is written; it returns the log
	// seq of the record's command/done, ErrStale having done nothing, or
	// the error that kept it from being written.
	Record(ctx context.Context, r *tasksurface.DismissalRecord, commandID string) (int64, error)
}

// ErrStale is what Acts.Admit and Acts.Record return when the decision was
// made on a state token the session no longer has: the step asks the
// plugin again.
var ErrStale = errors.New("hostkit: the decision was made on a state the session no longer has")

// MaxAsks bounds how many times a step asks the plugin when each decision
// comes back on a state token that is no longer the session's.
const MaxAsks = 3

// ask asks the plugin with a snapshot of the session, and once more with
// the open surface's metadata when the answer says the plugin needs it.
func ask[Resp any](ctx context.Context, acts Acts, call func(context.Context, tasksurface.Snapshot) (Resp, error), metaNeeded func(Resp) bool) (Resp, error) {
	var zero Resp
	snap, err := acts.Snapshot(ctx)
	if err != nil {
		return zero, err
	}
	resp, err := call(ctx, snap)
	if err != nil || !metaNeeded(resp) {
		return resp, err
	}
	if snap.OpeningMeta, err = acts.OpeningMeta(ctx, snap.Projection); err != nil {
		return zero, err
	}
	if snap.OpeningMeta == nil {
		return zero, errors.New("hostkit: the plugin needs the open surface's metadata, and the log holds no tool result with it")
	}
	return call(ctx, snap)
}

// SubmitStep is the whole of a person's Submit in a host: ask the plugin
// with the session's snapshot (again with the metadata when it needs it),
// and carry out its Admission by Acts.Admit, asking again while the
// decision comes back stale, at most MaxAsks times (then
// ReasonAdmissionRefused). The host holds no rule of when to admit. A
// queue that refuses the message is ReasonAdmissionRefused with the
// error's text as its problem. The answer is the caller's: accepted with
// the message id and phase, or the plugin's refusal; its Admit is nil.
// req.Snapshot is ignored.
func SubmitStep(ctx context.Context, server tasksurface.Server, acts Acts, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error) {
	for range MaxAsks {
		resp, err := ask(ctx, acts, func(ctx context.Context, snap tasksurface.Snapshot) (*tasksurface.SubmitResponse, error) {
			r := *req
			r.Snapshot = snap
			return server.Submit(ctx, &r)
		}, func(r *tasksurface.SubmitResponse) bool { return r.MetaNeeded })
		if err != nil || resp.Admit == nil {
			return resp, err
		}
		switch err := acts.Admit(ctx, resp.Admit); {
		case errors.Is(err, ErrStale):
			continue
		case err != nil:
			return admissionRefused(err.Error()), nil
		}
		resp.Admit = nil
		return resp, nil
	}
	return admissionRefused("The session kept changing while the plugin decided; submit again."), nil
}

// DismissStep is the whole of a person's Dismiss in a host, as SubmitStep
// is of a Submit: the record is written by Acts.Record, asked again while
// stale, at most MaxAsks times (then ReasonNotRecorded, as for a record
// that could not be written). The answer is dismissed with the seq of the
// record's command/done, or the refusal; its Record is nil.
func DismissStep(ctx context.Context, server tasksurface.Server, acts Acts, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error) {
	for range MaxAsks {
		resp, err := ask(ctx, acts, func(ctx context.Context, snap tasksurface.Snapshot) (*tasksurface.DismissResponse, error) {
			r := *req
			r.Snapshot = snap
			return server.Dismiss(ctx, &r)
		}, func(*tasksurface.DismissResponse) bool { return false })
		if err != nil || resp.Record == nil {
			return resp, err
		}
		seq, err := acts.Record(ctx, resp.Record, req.CommandID)
		switch {
		case errors.Is(err, ErrStale):
			continue
		case err != nil:
			return &tasksurface.DismissResponse{Reason: tasksurface.ReasonNotRecorded}, nil
		}
		return &tasksurface.DismissResponse{Dismissed: true, EventSeq: seq}, nil
	}
	return &tasksurface.DismissResponse{Reason: tasksurface.ReasonNotRecorded}, nil
}

// admissionRefused is the refusal of an admission the host did not carry
// out, with its words.
func admissionRefused(why string) *tasksurface.SubmitResponse {
	return &tasksurface.SubmitResponse{Reason: tasksurface.ReasonAdmissionRefused, Problems: []tasksurface.Problem{
		{Code: tasksurface.CodeAdmissionRefused, Message: why},
	}}
}

// sessionActs are the Acts of one session of a Host; s.mu is held.
type sessionActs struct {
	h  *Host
	id tasksurface.SessionID
	s  *session
}

func (a sessionActs) Snapshot(ctx context.Context) (tasksurface.Snapshot, error) {
	return a.h.snapshot(ctx, a.id, a.s)
}

func (a sessionActs) OpeningMeta(_ context.Context, projection json.RawMessage) (json.RawMessage, error) {
	return a.h.results.OpeningMeta(a.id, projection), nil
}

// stale reports whether the session's token is no longer token.
func (a sessionActs) stale(ctx context.Context, token string) (bool, error) {
	now, err := a.Snapshot(ctx)
	if err != nil {
		return false, err
	}
	return now.StateToken != token, nil
}

func (a sessionActs) Admit(ctx context.Context, adm *tasksurface.Admission) error {
	if stale, err := a.stale(ctx, adm.StateToken); err != nil || stale {
		return errors.Join(err, staleIf(stale))
	}
	if _, err := a.h.write(ctx, a.id, a.s, Queued{Message: adm.Message()}); err != nil {
		a.h.logger.Error("the submission's message could not be queued", "session", a.id, "message", adm.MessageID,
			"surface", adm.SurfaceID, "error", err)
		return err
	}
	return nil
}

func (a sessionActs) Record(ctx context.Context, r *tasksurface.DismissalRecord, commandID string) (int64, error) {
	if stale, err := a.stale(ctx, r.StateToken); err != nil || stale {
		return 0, errors.Join(err, staleIf(stale))
	}
	var records []tasksurface.EventData
	if commandID != "" {
		records = []tasksurface.EventData{tasksurface.CommandDone{CommandID: commandID, Kind: tasksurface.CommandSucceeded}}
	} else {
		run, done := tasksurface.NewDismissal(a.h.newID("cmd"), r)
		records = []tasksurface.EventData{run, done}
	}
	events, err := a.h.write(ctx, a.id, a.s, records...)
	if err != nil {
		a.h.logger.Error("the dismissal could not be recorded", "session", a.id, "surface", r.SurfaceID,
			"dismissal", r.DismissalID, "error", err)
		return 0, fmt.Errorf("hostkit: record the dismissal: %w", err)
	}
	return events[len(events)-1].Seq, nil
}

// staleIf is ErrStale when stale is true, else nil.
func staleIf(stale bool) error {
	if stale {
		return ErrStale
	}
	return nil
}
