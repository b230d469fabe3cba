package coord_test

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Submissions and dismissals of one surface decided at the same time, on
// one snapshot, and carried out as they arrive: the host's compare-and-set
// lets exactly one of them through.
func TestConcurrentDecisionsOneOutcome(t *testing.T) {
	t.Parallel()
	for round := range 20 {
		h := newHost(t, true)
		snap := h.snapshot(false)
		var wg sync.WaitGroup
		decided := make(chan string, 16)
		for i := range 8 {
			wg.Add(2)
			go func() {
				defer wg.Done()
				r, err := h.svc.Submit(t.Context(), &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface,
					SubmissionID: tasksurface.SubmissionID(fmt.Sprintf("sub-%d", i)), Values: json.RawMessage(answers), Snapshot: snap})
				if err != nil {
					t.Error(err)
				} else if r.Admit != nil && h.admit(r) {
					decided <- "submit"
				}
			}()
			go func() {
				defer wg.Done()
				r, err := h.svc.Dismiss(t.Context(), &tasksurface.DismissRequest{SessionID: session, SurfaceID: surface,
					DismissalID: tasksurface.DismissalID(fmt.Sprintf("dis-%d", i)), Snapshot: snap})
				if err != nil {
					t.Error(err)
				} else if r.Record != nil && h.begin(r) {
					decided <- "dismiss"
				}
			}()
		}
		wg.Wait()
		close(decided)
		var got []string
		for d := range decided {
			got = append(got, d)
		}
		if len(got) != 1 {
			t.Fatalf("round %d: decided %v, want exactly one carried out", round, got)
		}
	}
}

// Within the process that opened a surface the model its call parsed is
// the one served; the logged metadata is read only by a process that
// holds none (a restarted plugin), and then revalidated.
func TestHeldModelAndTheLog(t *testing.T) {
	t.Parallel()
	h := newHost(t, true)
	h.meta = json.RawMessage(`{"kind":"dsh/task-surface","version":1,"surfaceId":"tsf_1","model":{"version":1}}`)
	if a := h.active(); !a.Active || len(a.Model) == 0 {
		t.Fatalf("getActive in the opening process = %+v, want the held model", a)
	}
	h.restart()
	if a := h.active(); a.Active || a.Reason != tasksurface.ReasonNotOpen {
		t.Fatalf("getActive after a restart over a broken log = %+v, want not-open", a)
	}
}
