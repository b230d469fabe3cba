package integration

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/refhost"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

const gateValues = `{"changelog":true,"migrations":true,"p1-accepted":false,"channel":"stable"}`

// Show, submit, claim, commit: one user message whose text the model
// receives in the next turn, and the surface closes as submitted.
func TestShowSubmitClaimCommit(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")

	sub := r.submit(string(session), surfaceID, "sub-1", gateValues)
	if !sub.Accepted || sub.Phase != tasksurface.PhaseQueued || sub.MessageID == "" {
		t.Fatalf("submit = %+v, want accepted and queued", sub)
	}
	if p := r.active(session).Pending; p == nil || p.Phase != tasksurface.PhaseQueued || p.MessageID != sub.MessageID {
		t.Fatalf("pending after submit = %+v, want queued %s", p, sub.MessageID)
	}
	if _, err := r.host.Claim(r.ctx, session); err != nil {
		t.Fatal(err)
	}
	if p := r.active(session).Pending; p == nil || p.Phase != tasksurface.PhaseClaiming {
		t.Fatalf("pending after claim = %+v, want claiming", p)
	}
	if _, err := r.host.Commit(r.ctx, session); err != nil {
		t.Fatal(err)
	}

	if n := r.submitted(string(session), surfaceID); n != 1 {
		t.Fatalf("%d submitted messages in the log, want 1", n)
	}
	inputs := r.host.ModelInputs(session)
	text := strings.Join(inputs[len(inputs)-1], "\n")
	for _, want := range []string{"Release gate for v2.4.0", "I read the changelog", "Stable"} {
		if !strings.Contains(text, want) {
			t.Errorf("the model's next input lacks %q:\n%s", want, text)
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
// before and after commit; another id while one is pending is refused.
func TestSubmitIdempotency(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")

	first := r.submit(string(session), surfaceID, "sub-1", gateValues)
	again := r.submit(string(session), surfaceID, "sub-1", gateValues)
	if !again.Accepted || again.MessageID != first.MessageID {
		t.Fatalf("retry = %+v, want the first answer %+v", again, first)
	}
	if q := r.host.Queue(session); len(q) != 1 {
		t.Fatalf("%d queued messages after a retry, want 1", len(q))
	}
	other := r.submit(string(session), surfaceID, "sub-2", gateValues)
	if other.Accepted || other.Reason != tasksurface.ReasonSubmissionPending {
		t.Fatalf("another id while pending = %+v, want submission-pending", other)
	}
	if _, err := r.host.Step(r.ctx, session); err != nil {
		t.Fatal(err)
	}
	late := r.submit(string(session), surfaceID, "sub-1", gateValues)
	if !late.Accepted || late.MessageID != first.MessageID {
		t.Fatalf("retry after commit = %+v, want the first answer", late)
	}
	if n := r.submitted(string(session), surfaceID); n != 1 {
		t.Fatalf("%d submitted messages, want 1", n)
	}
}

// Invalid values are refused with pointers and leave the surface editable.
func TestSubmitInvalidValues(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	sub := r.submit(string(session), surfaceID, "sub-1", `{"channel":"nightly","nope":1}`)
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
	if ok := r.submit(string(session), surfaceID, "sub-2", gateValues); !ok.Accepted {
		t.Errorf("a corrected submission was refused: %+v", ok)
	}
}

// Dismiss twice writes one record; dismiss while a submission is pending
// is refused.
func TestDismiss(t *testing.T) {
	t.Parallel()
	r := newRig(t)

	session, surfaceID := r.open("reorder-plan.json")
	d1 := r.dismiss(string(session), surfaceID, "dis-1")
	d2 := r.dismiss(string(session), surfaceID, "dis-1")
	if !d1.Dismissed || !d2.Dismissed || d1.EventSeq != d2.EventSeq {
		t.Fatalf("dismiss twice = %+v then %+v, want the same record", d1, d2)
	}
	if n := r.count(string(session), "command/done"); n != 1 {
		t.Fatalf("%d command records, want 1", n)
	}
	if a := r.active(session); a.Active {
		t.Errorf("surface still open after dismiss")
	}
	if v := r.view(session); !strings.Contains(v, `"dismissed"`) {
		t.Errorf("projection = %s, want closed as dismissed", v)
	}
	if n := len(r.host.ModelInputs(session)); n != 1 {
		t.Errorf("dismiss started a turn: %d turns", n)
	}

	session2, surface2 := r.open("release-gate.json")
	r.submit(string(session2), surface2, "sub-1", gateValues)
	if d := r.dismiss(string(session2), surface2, "dis-2"); d.Dismissed || d.Reason != tasksurface.ReasonSubmissionPending {
		t.Fatalf("dismiss while pending = %+v, want submission-pending", d)
	}
}

// A typed /task-surface dismiss goes through the plugin like a click does.
func TestTypedDismissCommand(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, _ := r.open("reorder-plan.json")
	d, err := r.host.RunCommand(r.ctx, session, "/task-surface dismiss")
	if err != nil || !d.Dismissed {
		t.Fatalf("typed dismiss = %+v, %v", d, err)
	}
	if a := r.active(session); a.Active {
		t.Errorf("surface still open after a typed dismiss")
	}
}

// An ordinary message bypasses and closes the surface; a later submission
// is refused as not open.
func TestBypass(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("requirement-intake.json")
	if _, err := r.host.Prompt(session, "never mind, just use CSV"); err != nil {
		t.Fatal(err)
	}
	if v := r.view(session); !strings.Contains(v, `"bypassed"`) {
		t.Errorf("projection = %s, want closed as bypassed", v)
	}
	if sub := r.submit(string(session), surfaceID, "late", `{"goal":"x"}`); sub.Accepted || sub.Reason != tasksurface.ReasonNotOpen {
		t.Errorf("submit after bypass = %+v, want not-open", sub)
	}
}

// A second show while one is open, a nested call, a code-mode call and an
// invalid model all fail without opening anything, and say why.
func TestShowRefusals(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("compare-options.json")

	second, err := r.host.CallTool(r.ctx, session, args(surface(t, "release-gate.json")), refhost.CallOptions{})
	if err != nil || second.OK || second.ErrorCode != tasksurface.ShowSurfaceOpen || !strings.Contains(second.Text, surfaceID) {
		t.Errorf("second show = %+v, %v; want surface-open naming %s", second, err, surfaceID)
	}

	fresh := r.host.NewSession()
	nested, err := r.host.CallTool(r.ctx, fresh, args(surface(t, "release-gate.json")), refhost.CallOptions{ParentCallID: "call_run_code"})
	if err != nil || nested.OK || nested.ErrorCode != tasksurface.ShowNestedCall {
		t.Errorf("nested show = %+v, %v; want nested-call", nested, err)
	}
	code, err := r.host.CallTool(r.ctx, fresh, args(surface(t, "release-gate.json")), refhost.CallOptions{Mode: "code"})
	if err != nil || code.OK || code.ErrorCode != tasksurface.ShowUnsupportedMode {
		t.Errorf("code-mode show = %+v, %v; want unsupported-mode", code, err)
	}
	bad := json.RawMessage(`{"model":{"version":1,"title":"x","sections":[{"id":"s","blocks":[{"kind":"chart"}]}],"submit":{"label":"Go"}}}`)
	invalid, err := r.host.CallTool(r.ctx, fresh, bad, refhost.CallOptions{})
	if err != nil || invalid.OK || invalid.ErrorCode != tasksurface.ShowInvalidModel {
		t.Fatalf("invalid show = %+v, %v; want invalid-model", invalid, err)
	}
	if !strings.Contains(invalid.Text, "/sections/0/blocks/0") {
		t.Errorf("the model is not told where the problem is:\n%s", invalid.Text)
	}
	if a := r.active(tasksurface.SessionID(string(fresh))); a.Active {
		t.Errorf("a refused call opened a surface")
	}
}

// Edit and steer of a submission are vetoed; remove is allowed while
// queued and leaves the surface editable again.
func TestQueueVeto(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	sub := r.submit(string(session), surfaceID, "sub-1", gateValues)

	for _, action := range []tasksurface.QueueAction{tasksurface.ActionEdit, tasksurface.ActionSteer} {
		if err := r.host.UpdateQueue(r.ctx, session, sub.MessageID, action, "edited"); !errors.Is(err, refhost.ErrVetoed) {
			t.Errorf("%s = %v, want vetoed", action, err)
		}
	}
	if q := r.host.Queue(session); len(q) != 1 || !strings.Contains(q[0].Text(), "Release gate") {
		t.Fatalf("queue after vetoes = %+v, want the canonical message untouched", q)
	}
	if err := r.host.UpdateQueue(r.ctx, session, sub.MessageID, tasksurface.ActionRemove, ""); err != nil {
		t.Fatalf("remove while queued: %v", err)
	}
	if a := r.active(session); !a.Active || a.Pending != nil {
		t.Fatalf("after remove = %+v, want open and editable", a)
	}
	if again := r.submit(string(session), surfaceID, "sub-2", gateValues); !again.Accepted {
		t.Errorf("resubmit after remove = %+v", again)
	}
}

// The plugin killed mid-claim comes back; the host's claim is recovered,
// a discard makes the surface editable again, and exactly one message
// is ever committed.
func TestPluginKilledMidClaim(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	first := r.submit(string(session), surfaceID, "sub-1", gateValues)
	if _, err := r.host.Claim(r.ctx, session); err != nil {
		t.Fatal(err)
	}

	r.kill()
	if r.sup.Restarts() < 1 {
		t.Fatalf("no restart recorded")
	}
	a := r.active(session)
	if !a.Active || a.Pending == nil || a.Pending.Phase != tasksurface.PhaseClaiming || a.Pending.MessageID != first.MessageID {
		t.Fatalf("after restart = %+v, want the claim recovered from the host", a)
	}
	if other := r.submit(string(session), surfaceID, "sub-2", gateValues); other.Accepted {
		t.Fatalf("a second message was admitted while the first is claimed: %+v", other)
	}

	if err := r.host.Discard(r.ctx, session); err != nil {
		t.Fatal(err)
	}
	if a := r.active(session); !a.Active || a.Pending != nil {
		t.Fatalf("after discard = %+v, want open and editable", a)
	}
	second := r.submit(string(session), surfaceID, "sub-2", gateValues)
	if !second.Accepted {
		t.Fatalf("resubmit after discard = %+v", second)
	}
	if _, err := r.host.Step(r.ctx, session); err != nil {
		t.Fatal(err)
	}
	if n := r.submitted(string(session), surfaceID); n != 1 {
		t.Fatalf("%d submitted messages, want exactly 1", n)
	}
}

// The plugin killed while a submission is queued: a retry of the same id
// answers from the host's queue, and nothing is admitted twice.
func TestPluginKilledWhileQueued(t *testing.T) {
	t.Parallel()
	r := newRig(t)
	session, surfaceID := r.open("release-gate.json")
	first := r.submit(string(session), surfaceID, "sub-1", gateValues)
	r.kill()
	again := r.submit(string(session), surfaceID, "sub-1", gateValues)
	if !again.Accepted || again.MessageID != first.MessageID {
		t.Fatalf("retry after restart = %+v, want the first message %s", again, first.MessageID)
	}
	if q := r.host.Queue(session); len(q) != 1 {
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
	held, err := r.sup.GetActive(r.ctx, &tasksurface.GetActiveRequest{SessionID: session, SurfaceID: tasksurface.SurfaceID(surfaceID), ModelHeld: true})
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
