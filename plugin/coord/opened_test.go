package coord_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/plugin/coord"
	"github.com/dsh-community/task-surface/plugin/tool"
	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// show runs show_task_surface for model in this process, logs its result
// with meta (the call's own metadata when nil) and tells svc about it, as
// the plugin does. It returns the surface.
func (f *fixture) show(svc *coord.Service, session, call, model string, meta json.RawMessage) *tool.Surface {
	f.t.Helper()
	resp, surface, err := tool.New(f.md).Open(&tasksurface.ShowRequest{
		SessionID: tasksurface.SessionID(session), CallID: tasksurface.CallID(call), Arguments: json.RawMessage(`{"model":` + model + `}`),
	}, tasksurface.DefaultLimits)
	if err != nil || surface == nil {
		f.t.Fatalf("show: %v %+v", err, resp)
	}
	if meta == nil {
		meta = resp.Meta
	}
	f.host.openWithMeta(tasksurface.SessionID(session), tasksurface.CallID(call), meta)
	svc.Opened(coord.Opened{
		SessionID: tasksurface.SessionID(session), CallID: tasksurface.CallID(call), SurfaceID: surface.SurfaceID, Value: resp.Value,
		Model: surface.Model, Markdown: surface.Markdown, Limits: surface.Limits,
	})
	return surface
}

// A surface this process opened is served from its model once the log is
// seen to hold the same metadata: one read of the tool result, and no
// question about in-flight messages, since none can exist for a new
// surface id.
func TestOpenedSurfaceIsServedFromItsModel(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	surface := f.show(f.svc, sess, "call_1", testModel, nil)
	normalized, _ := surface.Model.Normalized()
	html, _ := json.Marshal(surface.Markdown)

	got := f.active(f.svc, sess, surface.SurfaceID)
	wantPending(t, got, nil)
	if string(got.Model) != string(normalized) || string(got.Markdown) != string(html) {
		t.Errorf("getActive = %s / %s, want %s / %s", got.Model, got.Markdown, normalized, html)
	}
	resp := f.submit(f.svc, sess, surface.SurfaceID, "sub-1", goodValues)
	wantAccepted(t, resp, wire.MessageID(sess, surface.SurfaceID, "sub-1"))
	if reads, lists := f.host.readCounts(); reads != 1 || lists != 0 {
		t.Errorf("%d tool result reads and %d in-flight lists, want 1 and 0", reads, lists)
	}
	// While a submission is queued, getActive asks the host whether it has
	// been claimed meanwhile (claimed_test.go).
	wantPending(t, f.active(f.svc, sess, surface.SurfaceID), &tasksurface.PendingSubmission{SubmissionID: "sub-1", MessageID: resp.MessageID, Phase: tasksurface.PhaseQueued})
	if reads, lists := f.host.readCounts(); reads != 1 || lists != 1 {
		t.Errorf("%d tool result reads and %d in-flight lists, want 1 and 1", reads, lists)
	}
}

// The first submit of a surface opened here asks the host for the
// projection and for the call's tool result at once, not one after the
// other: the host below answers the projection only once the tool result
// was asked for (or after a long wait, which the test reports).
func TestOpenedSurfaceFirstSubmitReadsAtOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	surface := f.show(f.svc, sess, "call_1", testModel, nil)
	asked := make(chan struct{})
	var once sync.Once
	f.host.toolResultHook = func() { once.Do(func() { close(asked) }) }
	together := true
	f.host.projectionHook = func() {
		select {
		case <-asked:
		case <-time.After(5 * time.Second):
			together = false
		}
	}
	resp := f.submit(f.svc, sess, surface.SurfaceID, "sub-1", goodValues)
	wantAccepted(t, resp, wire.MessageID(sess, surface.SurfaceID, "sub-1"))
	if !together {
		t.Error("the projection was read before the tool result was asked for: two serial round trips to the host")
	}
	if reads, _ := f.host.readCounts(); reads != 1 {
		t.Errorf("%d tool result reads, want 1", reads)
	}
}

// A request that carries the session's projection view is answered from
// it, as the dsh shim sends it: the host is not asked for the view. A view
// with nothing open given by the caller refuses as not-open.
func TestProjectionGivenWithTheRequest(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	ctx := context.Background()
	surface := f.show(f.svc, sess, "call_1", testModel, nil)
	read, err := f.host.ReadProjection(ctx, &tasksurface.ReadProjectionRequest{SessionID: sess})
	if err != nil || !read.Found {
		t.Fatalf("ReadProjection = %+v, %v", read, err)
	}
	var mu sync.Mutex
	asked := 0
	f.host.projectionHook = func() { mu.Lock(); asked++; mu.Unlock() }
	id := tasksurface.SurfaceID(surface.SurfaceID)
	active, err := f.svc.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: sess, SurfaceID: id, Projection: read.View})
	if err != nil || !active.Active {
		t.Fatalf("GetActive with the view = %+v, %v", active, err)
	}
	resp, err := f.svc.Submit(ctx, &tasksurface.SubmitRequest{SessionID: sess, SurfaceID: id, SubmissionID: "sub-1", Values: json.RawMessage(goodValues), Projection: read.View})
	if err != nil {
		t.Fatal(err)
	}
	wantAccepted(t, resp, wire.MessageID(sess, surface.SurfaceID, "sub-1"))
	closed := json.RawMessage(`{"active":null,"outcomes":[]}`)
	if got, err := f.svc.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: sess, Projection: closed}); err != nil || got.Active || got.Reason != tasksurface.ReasonNotOpen {
		t.Errorf("GetActive with a closed view = %+v, %v; want not-open", got, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if asked != 0 {
		t.Errorf("the host was asked for the projection %d times; the request carried it", asked)
	}
}

// The log stays the authority: when it holds other metadata for the call
// than this process wrote, the model is revalidated from the log.
func TestOpenedSurfaceWhoseLogDiffers(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	const other = `{"version":1,"title":"Other","sections":[],"fields":[{"kind":"toggle","id":"go","label":"Go"}],"submit":{"label":"Send"}}`
	_, theirs, err := tool.New(f.md).Open(&tasksurface.ShowRequest{Arguments: json.RawMessage(`{"model":` + other + `}`)}, tasksurface.DefaultLimits)
	if err != nil || theirs == nil {
		t.Fatalf("show: %v", err)
	}
	otherNormalized, _ := theirs.Model.Normalized()
	resp, own, err := tool.New(f.md).Open(&tasksurface.ShowRequest{SessionID: sess, CallID: "call_1", Arguments: json.RawMessage(`{"model":` + testModel + `}`)}, tasksurface.DefaultLimits)
	if err != nil || own == nil {
		t.Fatalf("show: %v", err)
	}
	// The log's metadata names the surface this process minted, with
	// another model.
	f.host.openWithMeta(sess, "call_1", mustJSON(t, wire.Meta{Kind: wire.MetaKind, Version: wire.MetaVersion, SurfaceID: own.SurfaceID, Model: otherNormalized}))
	f.svc.Opened(coord.Opened{SessionID: sess, CallID: "call_1", SurfaceID: own.SurfaceID, Value: resp.Value, Model: own.Model, Markdown: own.Markdown, Limits: own.Limits})

	if got := f.active(f.svc, sess, own.SurfaceID); !got.Active || string(got.Model) != string(otherNormalized) {
		t.Fatalf("getActive = %+v, want the log's model %s", got, otherNormalized)
	}
	wantRefused(t, f.submit(f.svc, sess, own.SurfaceID, "sub-1", goodValues), tasksurface.ReasonInvalidSubmission)
	wantAccepted(t, f.submit(f.svc, sess, own.SurfaceID, "sub-2", `{"go":true}`), wire.MessageID(sess, own.SurfaceID, "sub-2"))
}

// A model kept from the call is used only under the limits it was checked
// under: with other limits it is revalidated, and may fail.
func TestOpenedSurfaceUnderOtherLimits(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	surface := f.show(f.svc, sess, "call_1", testModel, nil)
	f.svc.SetLimits(tasksurface.Limits{MaxFields: 1})
	if got := f.active(f.svc, sess, surface.SurfaceID); got.Active || got.Reason != tasksurface.ReasonStale {
		t.Fatalf("getActive = %+v, want stale: two fields are over the new limit", got)
	}
}

// For a surface another process opened, the host's in-flight messages are
// asked for once; a restarted service asks again, and adopts what it finds.
func TestInFlightMessagesAreAskedForOncePerSurface(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	surface := f.host.open(t, sess, "call_1")
	wantPending(t, f.active(f.svc, sess, surface), nil)
	wantPending(t, f.active(f.svc, sess, surface), nil)
	resp := f.submit(f.svc, sess, surface, "sub-1", goodValues)
	wantAccepted(t, resp, wire.MessageID(sess, surface, "sub-1"))
	if _, lists := f.host.readCounts(); lists != 1 {
		t.Fatalf("%d in-flight lists, want 1", lists)
	}
	restarted := f.restart()
	want := &tasksurface.PendingSubmission{SubmissionID: "sub-1", MessageID: resp.MessageID, Phase: tasksurface.PhaseQueued}
	wantPending(t, f.active(restarted, sess, surface), want)
	if _, lists := f.host.readCounts(); lists != 2 {
		t.Fatalf("%d in-flight lists, want 2", lists)
	}
	// Once adopted, a queued submission is checked for a claim (claimed_test.go).
	wantPending(t, f.active(restarted, sess, surface), want)
	if _, lists := f.host.readCounts(); lists != 3 {
		t.Fatalf("%d in-flight lists, want 3", lists)
	}
	wantRefused(t, f.submit(restarted, sess, surface, "sub-2", goodValues), tasksurface.ReasonSubmissionPending)
}

func mustJSON(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
