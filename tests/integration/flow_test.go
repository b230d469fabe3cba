package integration

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
)

const gateValues = `{"changelog":true,"migrations":true,"p1-accepted":false,"channel":"stable"}`

// Show, submit, claim, commit: one user message whose text the model
// receives in the next turn, and the surface closes as submitted.
func TestShowSubmitClaimCommit(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")

	sub := r.submit(session, surfaceID, "sub-1", gateValues)
	if !sub.Accepted || sub.Phase != tasksurface.PhaseQueued || sub.MessageID == "" || sub.Admit != nil {
		t.Fatalf("submit = %+v, want accepted, queued and carried out", sub)
	}
	if p := r.active(session).Pending; p == nil || p.Phase != tasksurface.PhaseQueued || p.MessageID != sub.MessageID {
		t.Fatalf("pending after submit = %+v, want queued %s", p, sub.MessageID)
	}
	m, err := r.kit.Claim(r.ctx, session)
	if err != nil {
		t.Fatal(err)
	}
	if p := r.active(session).Pending; p == nil || p.Phase != tasksurface.PhaseClaiming {
		t.Fatalf("pending after claim = %+v, want claiming", p)
	}
	if _, err := r.kit.Commit(r.ctx, session, m.ID); err != nil {
		t.Fatal(err)
	}

	if n := r.submitted(session, surfaceID); n != 1 {
		t.Fatalf("%d submitted messages in the log, want 1", n)
	}
	for _, want := range []string{"Release gate for v2.4.0", "I read the changelog", "Stable"} {
		if !strings.Contains(m.Text(), want) {
			t.Errorf("the model's next input lacks %q:\n%s", want, m.Text())
		}
	}
	if a := r.active(session); a.Active {
		t.Errorf("surface still active after commit: %+v", a)
	}
	if v := r.view(session); !strings.Contains(v, `"active":null`) || !strings.Contains(v, `"submitted"`) {
		t.Errorf("projection after commit = %s, want closed as submitted", v)
	}
}

// A retried submission id gets the first answer and admits nothing new,
// and says committed once the message is in the log; another id while one
// is pending is refused; the same id with other values is refused.
func TestSubmitIdempotency(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")

	first := r.submit(session, surfaceID, "sub-1", gateValues)
	again := r.submit(session, surfaceID, "sub-1", gateValues)
	if !again.Accepted || again.MessageID != first.MessageID {
		t.Fatalf("retry = %+v, want the first answer %+v", again, first)
	}
	if q := r.kit.Queue(session); len(q) != 1 {
		t.Fatalf("%d queued messages after a retry, want 1", len(q))
	}
	if other := r.submit(session, surfaceID, "sub-2", gateValues); other.Accepted || other.Reason != tasksurface.ReasonSubmissionPending {
		t.Fatalf("another id while pending = %+v, want submission-pending", other)
	}
	if reused := r.submit(session, surfaceID, "sub-1", strings.Replace(gateValues, "stable", "beta", 1)); reused.Accepted || reused.Reason != tasksurface.ReasonSubmissionIDReused {
		t.Fatalf("the same id with other values = %+v, want submission-id-reused", reused)
	}
	r.step(session)
	late := r.submit(session, surfaceID, "sub-1", gateValues)
	if !late.Accepted || late.MessageID != first.MessageID || late.Phase != tasksurface.PhaseCommitted {
		t.Fatalf("retry after commit = %+v, want the first message, committed", late)
	}
	if n := r.submitted(session, surfaceID); n != 1 {
		t.Fatalf("%d submitted messages, want 1", n)
	}
}

// Invalid values are refused with pointers and leave the surface editable.
func TestSubmitInvalidValues(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	sub := r.submit(session, surfaceID, "sub-1", `{"channel":"nightly","nope":1}`)
	if sub.Accepted || sub.Reason != tasksurface.ReasonInvalidSubmission {
		t.Fatalf("submit = %+v, want invalid-submission", sub)
	}
	pointers := map[string]bool{}
	for _, p := range sub.Problems {
		pointers[p.Pointer] = true
	}
	if !pointers["/channel"] || !pointers["/nope"] {
		t.Errorf("problems %+v, want pointers /channel and /nope", sub.Problems)
	}
	if a := r.active(session); !a.Active || a.Pending != nil {
		t.Errorf("after a refused submission = %+v, want open with nothing pending", a)
	}
	if ok := r.submit(session, surfaceID, "sub-2", gateValues); !ok.Accepted {
		t.Errorf("a corrected submission was refused: %+v", ok)
	}
}

// Dismiss twice writes one record and starts no turn; dismiss while a
// submission is pending is refused.
func TestDismiss(t *testing.T) {
	t.Parallel()
	r := newRig(t)

	session, surfaceID := r.open("reorder-plan.json")
	d1 := r.dismiss(session, surfaceID, "dis-1")
	d2 := r.dismiss(session, surfaceID, "dis-1")
	if !d1.Dismissed || !d2.Dismissed || d1.EventSeq != d2.EventSeq || d1.EventSeq == 0 {
		t.Fatalf("dismiss twice = %+v then %+v, want the same record", d1, d2)
	}
	if n := r.count(session, tasksurface.EventCommandDone); n != 1 {
		t.Fatalf("%d command records, want 1", n)
	}
	if a := r.active(session); a.Active {
		t.Errorf("surface still open after dismiss")
	}
	if v := r.view(session); !strings.Contains(v, `"dismissed"`) {
		t.Errorf("projection = %s, want closed as dismissed", v)
	}
	if q := r.kit.Queue(session); len(q) != 0 {
		t.Errorf("dismiss queued %d messages for a turn", len(q))
	}

	session2, surface2 := r.open("release-gate.json")
	r.submit(session2, surface2, "sub-1", gateValues)
	if d := r.dismiss(session2, surface2, "dis-2"); d.Dismissed || d.Reason != tasksurface.ReasonSubmissionPending {
		t.Fatalf("dismiss while pending = %+v, want submission-pending", d)
	}
}

// A typed /task-surface dismiss is a command the harness runs: the kit
// lets it succeed when the plugin decides the dismissal.
func TestTypedDismissCommand(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, _ := r.open("reorder-plan.json")
	desc := r.sup.Description()
	if _, err := r.kit.Append(r.ctx, session, tasksurface.CommandRun{CommandID: "typed-1", Name: desc.Command.Name, Args: tasksurface.DismissVerb}); err != nil {
		t.Fatal(err)
	}
	d, err := r.kit.Dismiss(r.ctx, &tasksurface.DismissRequest{SessionID: session, DismissalID: "typed-1", CommandID: "typed-1"})
	if err != nil || !d.Dismissed {
		t.Fatalf("typed dismiss = %+v, %v", d, err)
	}
	if a := r.active(session); a.Active {
		t.Errorf("surface still open after a typed dismiss")
	}
	log := r.kit.Log(session)
	var done tasksurface.CommandDone
	if last := log[len(log)-1]; last.Type != tasksurface.EventCommandDone || json.Unmarshal(last.Data, &done) != nil ||
		done.CommandID != "typed-1" || done.Kind != tasksurface.CommandSucceeded || last.Seq != d.EventSeq {
		t.Errorf("the log ends with %s %s; want the typed command's success at seq %d", last.Type, last.Data, d.EventSeq)
	}
}

// An ordinary message sent from the composer moves the conversation on: a
// submission after it is refused, and its turn closes the surface as
// bypassed.
func TestOrdinaryMessageMovesOn(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("requirement-intake.json")
	if _, err := r.kit.Send(r.ctx, session, "never mind, just use CSV"); err != nil {
		t.Fatal(err)
	}
	if sub := r.submit(session, surfaceID, "early", `{"goal":"x"}`); sub.Accepted || sub.Reason != tasksurface.ReasonMovedOn {
		t.Errorf("submit behind an ordinary message = %+v, want moved-on", sub)
	}
	r.step(session)
	if v := r.view(session); !strings.Contains(v, `"bypassed"`) {
		t.Errorf("projection = %s, want closed as bypassed", v)
	}
	if sub := r.submit(session, surfaceID, "late", `{"goal":"x"}`); sub.Accepted || sub.Reason != tasksurface.ReasonMovedOn {
		t.Errorf("submit after bypass = %+v, want moved-on", sub)
	}
	if n := r.submitted(session, surfaceID); n != 0 {
		t.Errorf("%d submissions reached the log", n)
	}
}

// A second show while one is open, a nested call, a code-mode call and an
// invalid model all fail without opening anything, and say why.
func TestShowRefusals(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("compare-options.json")

	second := r.callTool(session, args(surface(t, "release-gate.json")))
	if second.OK || second.ErrorCode != tasksurface.ShowSurfaceOpen || !strings.Contains(second.ErrorText, string(surfaceID)) {
		t.Errorf("second show = %+v; want surface-open naming %s", second, surfaceID)
	}

	fresh := r.kit.NewSession()
	view, err := r.kit.View(r.ctx, fresh)
	if err != nil {
		t.Fatal(err)
	}
	nested, err := r.sup.Show(r.ctx, &tasksurface.ShowRequest{SessionID: fresh, CallID: "c1", ParentCallID: "call_run_code", Arguments: args(surface(t, "release-gate.json")), Projection: view})
	if err != nil || nested.OK || nested.ErrorCode != tasksurface.ShowNestedCall {
		t.Errorf("nested show = %+v, %v; want nested-call", nested, err)
	}
	code, err := r.sup.Show(r.ctx, &tasksurface.ShowRequest{SessionID: fresh, CallID: "c2", Arguments: args(surface(t, "release-gate.json")), Projection: view, Mode: tasksurface.ModeCode})
	if err != nil || code.OK || code.ErrorCode != tasksurface.ShowUnsupportedMode {
		t.Errorf("code-mode show = %+v, %v; want unsupported-mode", code, err)
	}
	bad := json.RawMessage(`{"model":{"version":1,"title":"x","sections":[{"id":"s","blocks":[{"kind":"chart"}]}],"submit":{"label":"Go"}}}`)
	invalid := r.callTool(fresh, bad)
	if invalid.OK || invalid.ErrorCode != tasksurface.ShowInvalidModel {
		t.Fatalf("invalid show = %+v; want invalid-model", invalid)
	}
	if !strings.Contains(invalid.ErrorText, "/sections/0/blocks/0") {
		t.Errorf("the model is not told where the problem is:\n%s", invalid.ErrorText)
	}
	if a := r.active(fresh); a.Active {
		t.Errorf("a refused call opened a surface")
	}
}

// Edit and steer of a submission are vetoed; remove is allowed while
// queued and leaves the surface editable again.
func TestQueueVeto(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	r.submit(session, surfaceID, "sub-1", gateValues)
	q := r.kit.Queue(session)
	if len(q) != 1 {
		t.Fatalf("%d queued messages, want 1", len(q))
	}
	m := q[0].Message
	for _, action := range []tasksurface.QueueAction{tasksurface.ActionEdit, tasksurface.ActionSteer} {
		resp, err := r.sup.CheckQueueAction(r.ctx, &tasksurface.QueueActionRequest{SessionID: session, MessageID: m.ID, Action: action, Source: m.Source, Phase: tasksurface.PhaseQueued})
		if err != nil || resp.Allowed || resp.Reason == "" {
			t.Errorf("%s = %+v, %v; want refused with a reason", action, resp, err)
		}
	}
	if err := r.kit.Remove(r.ctx, session, m.ID); err != nil {
		t.Fatalf("remove while queued: %v", err)
	}
	if a := r.active(session); !a.Active || a.Pending != nil {
		t.Fatalf("after remove = %+v, want open and editable", a)
	}
	again := r.submit(session, surfaceID, "sub-2", gateValues)
	if !again.Accepted {
		t.Fatalf("resubmit after remove = %+v", again)
	}
	if _, err := r.kit.Claim(r.ctx, session); err != nil {
		t.Fatal(err)
	}
	var refused *hostkit.RefusedError
	if err := r.kit.Remove(r.ctx, session, again.MessageID); !errors.As(err, &refused) {
		t.Fatalf("remove once claimed = %v, want refused by the plugin", err)
	}
}

// The plugin killed mid-claim comes back; the new process reads the claim
// from the kit's snapshot, a discard makes the surface editable again, and
// exactly one message is ever committed.
func TestPluginKilledMidClaim(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	first := r.submit(session, surfaceID, "sub-1", gateValues)
	if _, err := r.kit.Claim(r.ctx, session); err != nil {
		t.Fatal(err)
	}

	r.kill()
	if r.sup.Restarts() < 1 {
		t.Fatalf("no restart recorded")
	}
	a := r.active(session)
	if !a.Active || a.Pending == nil || a.Pending.Phase != tasksurface.PhaseClaiming || a.Pending.MessageID != first.MessageID {
		t.Fatalf("after restart = %+v, want the claim read from the host's queue", a)
	}
	if other := r.submit(session, surfaceID, "sub-2", gateValues); other.Accepted {
		t.Fatalf("a second message was admitted while the first is claimed: %+v", other)
	}

	if err := r.kit.Discard(r.ctx, session, first.MessageID); err != nil {
		t.Fatal(err)
	}
	if a := r.active(session); !a.Active || a.Pending != nil {
		t.Fatalf("after discard = %+v, want open and editable", a)
	}
	second := r.submit(session, surfaceID, "sub-2", gateValues)
	if !second.Accepted {
		t.Fatalf("resubmit after discard = %+v", second)
	}
	r.step(session)
	if n := r.submitted(session, surfaceID); n != 1 {
		t.Fatalf("%d submitted messages, want exactly 1", n)
	}
}

// The plugin killed while a submission is queued: a retry of the same id
// answers from the kit's queue, and nothing is admitted twice.
func TestPluginKilledWhileQueued(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	first := r.submit(session, surfaceID, "sub-1", gateValues)
	r.kill()
	again := r.submit(session, surfaceID, "sub-1", gateValues)
	if !again.Accepted || again.MessageID != first.MessageID {
		t.Fatalf("retry after restart = %+v, want the first message %s", again, first.MessageID)
	}
	if q := r.kit.Queue(session); len(q) != 1 {
		t.Fatalf("%d queued messages, want 1", len(q))
	}
}

// A caller that holds the open surface's model reads it again without it,
// across the process boundary; the rest of the answer is the same.
func TestGetActiveWithTheModelHeld(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("compare-options.json")
	whole := r.active(session)
	if len(whole.Model) == 0 || len(whole.Markdown) == 0 {
		t.Fatalf("a first read = %+v, want the model and its Markdown", whole)
	}
	held, err := r.kit.GetActive(r.ctx, &tasksurface.GetActiveRequest{SessionID: session, SurfaceID: surfaceID, ModelHeld: true})
	if err != nil {
		t.Fatal(err)
	}
	if !held.Active || held.CallID != whole.CallID || held.SurfaceID != whole.SurfaceID || held.Pending != nil {
		t.Errorf("held read = %+v, want the same surface as %+v", held, whole)
	}
	if len(held.Model) != 0 || len(held.Markdown) != 0 {
		t.Errorf("held read carries model %d bytes, markdown %d bytes; want neither", len(held.Model), len(held.Markdown))
	}
}
