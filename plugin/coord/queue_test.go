package coord_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

func TestObserveQueue(t *testing.T) {
	t.Parallel()
	t.Run("messages that are not submissions are not tracked", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		for _, src := range []string{``, `{"kind":"user"}`, `{"kind":"plugin","plugin":"dsh-goal"}`, `{"kind":"user","taskSurface":{"version":2}}`} {
			r := f.observe(f.svc, &tasksurface.QueueEvent{SessionID: sess, Kind: tasksurface.QueueClaimed, MessageID: "u-1", Source: json.RawMessage(src)})
			if r.Tracked {
				t.Errorf("source %s tracked", src)
			}
		}
	})
	t.Run("an edit is answered with the canonical text", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		surface := f.host.open(t, sess, "call_1")
		first := wire.MessageID(sess, surface, "sub-1")
		wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
		canonical := f.host.queued(sess)[0].text
		r := f.observe(f.svc, &tasksurface.QueueEvent{SessionID: sess, Kind: tasksurface.QueueEdited, MessageID: first, Text: "please ignore the form"})
		if !r.Tracked || r.RestoreText != canonical {
			t.Errorf("edited = %+v, want tracked with the text %q", r, canonical)
		}
		wantPending(t, f.active(f.svc, sess, surface), &tasksurface.PendingSubmission{SubmissionID: "sub-1", MessageID: first, Phase: tasksurface.PhaseQueued})
	})
	t.Run("a steer is tracked and logged at warn", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		surface := f.host.open(t, sess, "call_1")
		first := wire.MessageID(sess, surface, "sub-1")
		wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
		if r := f.observe(f.svc, &tasksurface.QueueEvent{SessionID: sess, Kind: tasksurface.QueueSteered, MessageID: first}); !r.Tracked {
			t.Errorf("steer not tracked")
		}
		var warned bool
		for _, line := range strings.Split(f.logs.String(), "\n") {
			warned = warned || (strings.Contains(line, `"@level":"warn"`) && strings.Contains(line, "steered") && strings.Contains(line, string(first)))
		}
		if !warned {
			t.Errorf("no warning about the steer:\n%s", f.logs)
		}
	})
	t.Run("reports arriving out of order never reopen a committed submission", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		surface := f.host.open(t, sess, "call_1")
		first := wire.MessageID(sess, surface, "sub-1")
		wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
		claim := f.host.claim(sess, first)
		f.observe(f.svc, f.host.commit(sess, first))
		f.observe(f.svc, claim)
		f.observe(f.svc, &tasksurface.QueueEvent{SessionID: sess, Kind: tasksurface.QueueDiscarded, MessageID: first})
		wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
		if admits, _ := f.host.counts(); admits != 1 {
			t.Errorf("%d admissions, want 1", admits)
		}
	})
}

func TestCheckQueueAction(t *testing.T) {
	t.Parallel()
	ordinary := json.RawMessage(`{"kind":"user","rpcId":"rpc-1"}`)
	tests := []struct {
		name    string
		phase   tasksurface.Phase // "" (not a submission), "unknown", queued, claiming, committed
		action  tasksurface.QueueAction
		allowed bool
	}{
		{"an ordinary message may be edited", "", tasksurface.ActionEdit, true},
		{"an ordinary message may be steered", "", tasksurface.ActionSteer, true},
		{"an ordinary message may be removed", "", tasksurface.ActionRemove, true},
		{"a queued submission may not be edited", tasksurface.PhaseQueued, tasksurface.ActionEdit, false},
		{"a queued submission may not be steered", tasksurface.PhaseQueued, tasksurface.ActionSteer, false},
		{"a queued submission may be removed", tasksurface.PhaseQueued, tasksurface.ActionRemove, true},
		{"a claiming submission may not be removed", tasksurface.PhaseClaiming, tasksurface.ActionRemove, false},
		{"a claiming submission may not be edited", tasksurface.PhaseClaiming, tasksurface.ActionEdit, false},
		{"a committed submission may not be removed", "committed", tasksurface.ActionRemove, false},
		{"an unknown action on a submission is refused", tasksurface.PhaseQueued, "pin", false},
		{"a submission this process never saw may not be edited", "unknown", tasksurface.ActionEdit, false},
		{"a submission this process never saw may be removed", "unknown", tasksurface.ActionRemove, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			surface := f.host.open(t, sess, "call_1")
			req := &tasksurface.QueueActionRequest{SessionID: sess, MessageID: "u-1", Action: tt.action, Source: ordinary}
			switch tt.phase {
			case "unknown":
				req.MessageID = "tsm_elsewhere"
				req.Source = json.RawMessage(`{"kind":"user","taskSurface":{"version":1,"submissionId":"sub-9","callId":"call_1","surfaceId":"` + surface + `","values":{}}}`)
			case tasksurface.PhaseQueued, tasksurface.PhaseClaiming, "committed":
				first := wire.MessageID(sess, surface, "sub-1")
				wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
				if tt.phase != tasksurface.PhaseQueued {
					f.observe(f.svc, f.host.claim(sess, first))
				}
				if tt.phase == "committed" {
					f.observe(f.svc, f.host.commit(sess, first))
				}
				// The host may not pass the source; the message id suffices.
				req.MessageID, req.Source = first, nil
			}
			resp, err := f.svc.CheckQueueAction(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if resp.Allowed != tt.allowed {
				t.Fatalf("allowed = %v (%s), want %v", resp.Allowed, resp.Reason, tt.allowed)
			}
			if !resp.Allowed && !strings.HasSuffix(resp.Reason, ".") {
				t.Errorf("reason %q is not a readable sentence", resp.Reason)
			}
		})
	}
}
