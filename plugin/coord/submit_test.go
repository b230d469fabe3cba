package coord_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/coord"
	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

const sess = "session-1"

func TestSubmitAdmitsOneReadableCorrelatedMessage(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	surface := f.host.open(t, sess, "call_1")
	resp := f.submit(f.svc, sess, surface, "sub-1", goodValues)
	wantAccepted(t, resp, wire.MessageID(sess, surface, "sub-1"))

	q := f.host.queued(sess)
	if len(q) != 1 {
		t.Fatalf("queue holds %d messages, want 1", len(q))
	}
	for _, want := range []string{`"Release gate"`, "Plan: Offline", "ship after lunch"} {
		if !strings.Contains(q[0].text, want) {
			t.Errorf("message text %q lacks %q", q[0].text, want)
		}
	}
	var src map[string]any
	if err := json.Unmarshal(q[0].source, &src); err != nil {
		t.Fatal(err)
	}
	if src["kind"] != "user" {
		t.Errorf("source kind = %v, want user (an ordinary user bubble)", src["kind"])
	}
	c := wire.CorrelationOf(q[0].source)
	if c == nil || c.SubmissionID != "sub-1" || c.CallID != "call_1" || c.SurfaceID != surface || c.Values["plan"] != "b" || c.Values["notes"] != "ship after lunch" {
		t.Errorf("correlation = %+v", c)
	}
	wantPending(t, f.active(f.svc, sess, surface), &tasksurface.PendingSubmission{SubmissionID: "sub-1", MessageID: resp.MessageID, Phase: tasksurface.PhaseQueued})

	// The committed message closes the surface through the projection.
	f.observe(f.svc, f.host.commit(sess, resp.MessageID))
	if got := f.active(f.svc, sess, ""); got.Active || got.Reason != tasksurface.ReasonNotOpen {
		t.Fatalf("after commit getActive = %+v, want not-open", got)
	}
	if n := f.host.userMessages(sess); n != 1 {
		t.Fatalf("%d user messages, want 1", n)
	}
}

// TestSubmitLifecycle walks a submission through the queue and checks what
// retries, other submission ids and getActive answer at each step.
func TestSubmitLifecycle(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		run  func(t *testing.T, f *fixture, surface string, first tasksurface.MessageID)
	}{
		{"a double click answers the first answer and admits once", func(t *testing.T, f *fixture, surface string, first tasksurface.MessageID) {
			wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
			wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", `{"plan":"a","notes":"changed my mind"}`), first)
			if admits, _ := f.host.counts(); admits != 1 {
				t.Errorf("%d admissions, want 1", admits)
			}
		}},
		{"another id while queued is submission-pending", func(t *testing.T, f *fixture, surface string, first tasksurface.MessageID) {
			wantRefused(t, f.submit(f.svc, sess, surface, "sub-2", goodValues), tasksurface.ReasonSubmissionPending)
			if n := len(f.host.queued(sess)); n != 1 {
				t.Errorf("queue holds %d messages, want 1", n)
			}
		}},
		{"claimed: getActive says claiming and other ids stay refused", func(t *testing.T, f *fixture, surface string, first tasksurface.MessageID) {
			f.observe(f.svc, f.host.claim(sess, first))
			wantPending(t, f.active(f.svc, sess, surface), &tasksurface.PendingSubmission{SubmissionID: "sub-1", MessageID: first, Phase: tasksurface.PhaseClaiming})
			wantRefused(t, f.submit(f.svc, sess, surface, "sub-2", goodValues), tasksurface.ReasonSubmissionPending)
			wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
		}},
		{"committed: a retry still answers, another id finds the surface closed", func(t *testing.T, f *fixture, surface string, first tasksurface.MessageID) {
			f.observe(f.svc, f.host.claim(sess, first))
			f.observe(f.svc, f.host.commit(sess, first))
			wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
			wantRefused(t, f.submit(f.svc, sess, surface, "sub-2", goodValues), tasksurface.ReasonNotOpen)
			if n := f.host.userMessages(sess); n != 1 {
				t.Errorf("%d user messages, want 1", n)
			}
		}},
		{"committed but not folded yet: the surface already reads as closed", func(t *testing.T, f *fixture, surface string, first tasksurface.MessageID) {
			// The host reports the commit before its projection shows it.
			f.observe(f.svc, &tasksurface.QueueEvent{SessionID: sess, Kind: tasksurface.QueueCommitted, MessageID: first})
			if got := f.active(f.svc, sess, surface); got.Active || got.Reason != tasksurface.ReasonNotOpen {
				t.Errorf("getActive = %+v, want not-open", got)
			}
			wantRefused(t, f.submit(f.svc, sess, surface, "sub-2", goodValues), tasksurface.ReasonNotOpen)
		}},
		{"discarded after claim: editable again, the same id may be submitted again", func(t *testing.T, f *fixture, surface string, first tasksurface.MessageID) {
			f.observe(f.svc, f.host.claim(sess, first))
			f.observe(f.svc, f.host.drop(sess, first, tasksurface.QueueDiscarded))
			wantPending(t, f.active(f.svc, sess, surface), nil)
			wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
			if n := len(f.host.queued(sess)); n != 1 {
				t.Errorf("queue holds %d messages after the resubmission, want 1", n)
			}
		}},
		{"removed while queued: another id is accepted", func(t *testing.T, f *fixture, surface string, first tasksurface.MessageID) {
			f.observe(f.svc, f.host.drop(sess, first, tasksurface.QueueRemoved))
			wantPending(t, f.active(f.svc, sess, surface), nil)
			wantAccepted(t, f.submit(f.svc, sess, surface, "sub-2", goodValues), wire.MessageID(sess, surface, "sub-2"))
		}},
		{"a bypass while queued closes the surface for new ids", func(t *testing.T, f *fixture, surface string, first tasksurface.MessageID) {
			f.host.bypass(sess)
			wantRefused(t, f.submit(f.svc, sess, surface, "sub-2", goodValues), tasksurface.ReasonNotOpen)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			surface := f.host.open(t, sess, "call_1")
			first := wire.MessageID(sess, surface, "sub-1")
			wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
			tt.run(t, f, string(tasksurface.MessageID(surface)), tasksurface.MessageID(string(first)))
		})
	}
}

func TestSubmitRefusals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		setup        func(t *testing.T, f *fixture) (surface string)
		surface      string // overrides the opened surface when set
		submissionID string
		values       string
		reason       tasksurface.Reason
		pointers     []string
	}{
		{"nothing open", func(t *testing.T, f *fixture) string { return "tsf_none" }, "", "sub-1", goodValues, tasksurface.ReasonNotOpen, nil},
		{"an unknown session", func(t *testing.T, f *fixture) string { return "tsf_x" }, "", "sub-1", goodValues, tasksurface.ReasonNotOpen, nil},
		{"another surface is open", func(t *testing.T, f *fixture) string { return f.host.open(t, sess, "call_1") }, "tsf_old", "sub-1", goodValues, tasksurface.ReasonStale, nil},
		{"a closed surface", func(t *testing.T, f *fixture) string {
			s := f.host.open(t, sess, "call_1")
			f.host.bypass(sess)
			return s
		}, "", "sub-1", goodValues, tasksurface.ReasonNotOpen, nil},
		{"values that do not fit", func(t *testing.T, f *fixture) string { return f.host.open(t, sess, "call_1") }, "", "sub-1", `{"plan":"z","notes":"","extra":1}`, tasksurface.ReasonInvalidSubmission, []string{"/extra", "/notes", "/plan"}},
		{"values that are not an object", func(t *testing.T, f *fixture) string { return f.host.open(t, sess, "call_1") }, "", "sub-1", `["b"]`, tasksurface.ReasonInvalidSubmission, []string{""}},
		{"an invalid submission id", func(t *testing.T, f *fixture) string { return f.host.open(t, sess, "call_1") }, "", "sub 1", goodValues, tasksurface.ReasonInvalidSubmission, []string{"/submissionId"}},
		{"an empty submission id", func(t *testing.T, f *fixture) string { return f.host.open(t, sess, "call_1") }, "", "", goodValues, tasksurface.ReasonInvalidSubmission, []string{"/submissionId"}},
		{"an invalid surface id", func(t *testing.T, f *fixture) string { return f.host.open(t, sess, "call_1") }, "tsf/../x", "sub-1", goodValues, tasksurface.ReasonInvalidSubmission, []string{"/surfaceId"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			surface := tt.setup(t, f)
			if tt.surface != "" {
				surface = tt.surface
			}
			resp := f.submit(f.svc, sess, surface, tt.submissionID, tt.values)
			wantRefused(t, resp, tt.reason)
			var pointers []string
			for _, p := range resp.Problems {
				pointers = append(pointers, p.Pointer)
				if p.Message == "" || p.Code == "" {
					t.Errorf("problem without code or message: %+v", p)
				}
			}
			if strings.Join(pointers, ",") != strings.Join(tt.pointers, ",") {
				t.Errorf("problem pointers = %q, want %q", pointers, tt.pointers)
			}
			if n := len(f.host.queued(sess)); n != 0 {
				t.Errorf("queue holds %d messages, want none", n)
			}
		})
	}
}

// TestSubmitRevalidatesTheMeta checks that a surface whose tool result does
// not hold up is not-open for submissions and for getActive.
func TestSubmitRevalidatesTheMeta(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		meta   any
		hook   func(*tasksurface.ReadToolResultResponse)
		limits tasksurface.Limits
	}{
		{"a model that does not parse", map[string]any{"kind": wire.MetaKind, "version": 1, "surfaceId": "tsf_call_1", "model": map[string]any{"version": 1, "title": ""}}, nil, tasksurface.Limits{}},
		{"a model of an unknown version", map[string]any{"kind": wire.MetaKind, "version": 1, "surfaceId": "tsf_call_1", "model": map[string]any{"version": 2}}, nil, tasksurface.Limits{}},
		{"a host answering with another surface's meta", nil, func(r *tasksurface.ReadToolResultResponse) {
			r.Meta = []byte(strings.Replace(string(r.Meta), "tsf_call_1", "tsf_other", 1))
		}, tasksurface.Limits{}},
		{"a host answering with another kind", nil, func(r *tasksurface.ReadToolResultResponse) {
			r.Meta = []byte(strings.Replace(string(r.Meta), wire.MetaKind, "dsh/other", 1))
		}, tasksurface.Limits{}},
		{"a host answering with another version", nil, func(r *tasksurface.ReadToolResultResponse) {
			r.Meta = []byte(strings.Replace(string(r.Meta), `"version":1,"surfaceId"`, `"version":2,"surfaceId"`, 1))
		}, tasksurface.Limits{}},
		{"a failed call", nil, func(r *tasksurface.ReadToolResultResponse) { r.IsError = true }, tasksurface.Limits{}},
		{"a nested call", nil, func(r *tasksurface.ReadToolResultResponse) { r.ParentCallID = "call_0" }, tasksurface.Limits{}},
		{"another tool's call", nil, func(r *tasksurface.ReadToolResultResponse) { r.ToolName = "read_file" }, tasksurface.Limits{}},
		{"no result", nil, func(r *tasksurface.ReadToolResultResponse) { r.Found = false }, tasksurface.Limits{}},
		{"meta that is not JSON", nil, func(r *tasksurface.ReadToolResultResponse) { r.Meta = []byte("{") }, tasksurface.Limits{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			surface := "tsf_call_1"
			if tt.meta != nil {
				f.host.openWithMeta(sess, "call_1", tt.meta)
			} else {
				surface = f.host.open(t, sess, "call_1")
			}
			f.host.toolResult = tt.hook
			if tt.limits != (tasksurface.Limits{}) {
				f.svc.SetLimits(tt.limits)
			}
			wantRefused(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), tasksurface.ReasonNotOpen)
			if got := f.active(f.svc, sess, surface); got.Active || got.Reason != tasksurface.ReasonNotOpen {
				t.Errorf("getActive = %+v, want not-open", got)
			}
			if !strings.Contains(f.logs.String(), `"@level":"error"`) {
				t.Errorf("no error logged for the broken meta:\n%s", f.logs)
			}
			// The surface is still open in the log, so it can be dismissed.
			if d := f.dismiss(f.svc, sess, surface, "dis-1"); !d.Dismissed {
				t.Errorf("dismiss = %+v, want dismissed", d)
			}
		})
	}
}

// TestSubmitAfterRestart checks that a restarted plugin, whose records are
// empty, never admits a second message for a surface and still answers
// retries.
func TestSubmitAfterRestart(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		after func(f *fixture, first tasksurface.MessageID) // what happens to the first message before the restart
		check func(t *testing.T, f *fixture, svc *coord.Service, surface string, first tasksurface.MessageID)
	}{
		{"queued: another id is pending, a retry answers, getActive shows it", nil, func(t *testing.T, f *fixture, svc *coord.Service, surface string, first tasksurface.MessageID) {
			wantPending(t, f.active(svc, sess, surface), &tasksurface.PendingSubmission{SubmissionID: "sub-1", MessageID: first, Phase: tasksurface.PhaseQueued})
			wantRefused(t, f.submit(svc, sess, surface, "sub-2", goodValues), tasksurface.ReasonSubmissionPending)
			wantAccepted(t, f.submit(svc, sess, surface, "sub-1", goodValues), first)
			if admits, _ := f.host.counts(); admits != 1 {
				t.Errorf("%d admissions, want 1", admits)
			}
		}},
		{"claimed: the adopted phase is claiming", func(f *fixture, first tasksurface.MessageID) { f.host.claim(sess, first) }, func(t *testing.T, f *fixture, svc *coord.Service, surface string, first tasksurface.MessageID) {
			wantRefused(t, f.submit(svc, sess, surface, "sub-2", goodValues), tasksurface.ReasonSubmissionPending)
			wantPending(t, f.active(svc, sess, surface), &tasksurface.PendingSubmission{SubmissionID: "sub-1", MessageID: first, Phase: tasksurface.PhaseClaiming})
			if d := f.dismiss(svc, sess, surface, "dis-1"); d.Dismissed || d.Reason != tasksurface.ReasonSubmissionPending {
				t.Errorf("dismiss = %+v, want submission-pending", d)
			}
		}},
		{"committed: a retry answers from the log", func(f *fixture, first tasksurface.MessageID) { f.host.commit(sess, first) }, func(t *testing.T, f *fixture, svc *coord.Service, surface string, first tasksurface.MessageID) {
			wantAccepted(t, f.submit(svc, sess, surface, "sub-1", goodValues), first)
			wantRefused(t, f.submit(svc, sess, surface, "sub-2", goodValues), tasksurface.ReasonNotOpen)
		}},
		{"committed and another surface open: a retry still answers", func(f *fixture, first tasksurface.MessageID) {
			f.host.commit(sess, first)
			f.host.open(f.t, sess, "call_2")
		}, func(t *testing.T, f *fixture, svc *coord.Service, surface string, first tasksurface.MessageID) {
			wantAccepted(t, f.submit(svc, sess, surface, "sub-1", goodValues), first)
		}},
		{"discarded: the surface is editable again", func(f *fixture, first tasksurface.MessageID) {
			f.host.drop(sess, first, tasksurface.QueueDiscarded)
		}, func(t *testing.T, f *fixture, svc *coord.Service, surface string, first tasksurface.MessageID) {
			wantPending(t, f.active(svc, sess, surface), nil)
			wantAccepted(t, f.submit(svc, sess, surface, "sub-2", goodValues), wire.MessageID(sess, surface, "sub-2"))
		}},
		{"a claim reported to the new process is tracked", func(f *fixture, first tasksurface.MessageID) {}, func(t *testing.T, f *fixture, svc *coord.Service, surface string, first tasksurface.MessageID) {
			if r := f.observe(svc, f.host.claim(sess, first)); !r.Tracked {
				t.Errorf("claim of a correlated message not tracked")
			}
			wantPending(t, f.active(svc, sess, surface), &tasksurface.PendingSubmission{SubmissionID: "sub-1", MessageID: first, Phase: tasksurface.PhaseClaiming})
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t)
			surface := f.host.open(t, sess, "call_1")
			first := wire.MessageID(sess, surface, "sub-1")
			wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
			if tt.after != nil {
				tt.after(f, tasksurface.MessageID(string(first)))
			}
			tt.check(t, f, f.restart(), string(tasksurface.MessageID(surface)), tasksurface.MessageID(string(first)))
			if n := f.host.userMessages(sess) + len(f.host.queued(sess)); n > 1 {
				t.Errorf("%d messages for one surface", n)
			}
		})
	}
}

func TestSubmitAdmissionFailures(t *testing.T) {
	t.Parallel()
	t.Run("a refused admission keeps the values editable", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		surface := f.host.open(t, sess, "call_1")
		f.host.admitRefuse = "the session is archived"
		resp := f.submit(f.svc, sess, surface, "sub-1", goodValues)
		wantRefused(t, resp, tasksurface.ReasonAdmissionRefused)
		if len(resp.Problems) != 1 || resp.Problems[0].Message != "the session is archived" {
			t.Errorf("problems = %+v, want the host's reason", resp.Problems)
		}
		wantPending(t, f.active(f.svc, sess, surface), nil)
		f.host.admitRefuse = ""
		wantAccepted(t, f.submit(f.svc, sess, surface, "sub-2", goodValues), wire.MessageID(sess, surface, "sub-2"))
	})
	t.Run("a claim reported during admission is not lost", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		surface := f.host.open(t, sess, "call_1")
		first := wire.MessageID(sess, surface, "sub-1")
		// Like dsh: followup wakes an idle agent, which claims at once.
		f.host.admitHook = func(req *tasksurface.AdmitUserMessageRequest) {
			f.observe(f.svc, f.host.claim(req.SessionID, req.MessageID))
		}
		wantAccepted(t, f.submit(f.svc, sess, surface, "sub-1", goodValues), first)
		wantPending(t, f.active(f.svc, sess, surface), &tasksurface.PendingSubmission{SubmissionID: "sub-1", MessageID: first, Phase: tasksurface.PhaseClaiming})
	})
}

func TestNoHostYet(t *testing.T) {
	t.Parallel()
	svc := coord.New(coord.Config{})
	ctx := context.Background()
	calls := map[string]func() error{
		"GetActive": func() error {
			_, err := svc.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: sess})
			return err
		},
		"Submit": func() error {
			_, err := svc.Submit(ctx, &tasksurface.SubmitRequest{SessionID: sess, SurfaceID: "tsf_a", SubmissionID: "sub-1"})
			return err
		},
		"Dismiss": func() error {
			_, err := svc.Dismiss(ctx, &tasksurface.DismissRequest{SessionID: sess, SurfaceID: "tsf_a", DismissalID: "dis-1"})
			return err
		},
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if err := call(); !errors.Is(err, coord.ErrNoHost) {
				t.Errorf("err = %v, want ErrNoHost", err)
			}
		})
	}
	t.Run("SetHost makes it work", func(t *testing.T) {
		t.Parallel()
		svc := coord.New(coord.Config{})
		h := newMemHost()
		svc.SetHost(h)
		resp, err := svc.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: sess})
		if err != nil || resp.Reason != tasksurface.ReasonNotOpen {
			t.Errorf("GetActive = %+v, %v; want not-open", resp, err)
		}
	})
}
