package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Segment is one stretch of a submission's timeline with its median over
// the measured submissions.
type Segment struct {
	// Name says what happens in the stretch.
	Name string
	// P50 is its median duration.
	P50 time.Duration
}

// Timeline is where the time of one submission on the Go path goes: the
// plugin's decision alone (one round trip carrying the kit's snapshot),
// and the kit's Submit as a whole (the snapshot read, the decision, the
// message written to the queue, the report of it).
type Timeline struct {
	// Segments are the stretches measured.
	Segments []Segment
	// Total is the median time of the kit's Submit, request to answer.
	Total time.Duration
}

// SubmitTimeline submits n times through the kit and n times to the
// plugin alone with the kit's snapshot, each on a freshly opened surface,
// and returns the medians.
func SubmitTimeline(ctx context.Context, r *Rig, args json.RawMessage, n int) (Timeline, error) {
	decision, whole := &Samples{}, &Samples{}
	for i := 0; i < n; i++ {
		session, surfaceID, err := r.Open(ctx, args)
		if err != nil {
			return Timeline{}, err
		}
		view, err := r.Kit.View(ctx, session)
		if err != nil {
			return Timeline{}, err
		}
		req := r.SubmitRequest(session, surfaceID, "s1")
		req.Snapshot = tasksurface.Snapshot{Projection: view, LogSeq: int64(len(r.Kit.Log(session)) - 1)}
		start := time.Now()
		resp, err := r.Plugin.Submit(ctx, req)
		decision.Add(time.Since(start))
		if err != nil || !resp.Accepted || resp.Admit == nil {
			return Timeline{}, fmt.Errorf("the plugin's decision: %v %+v", err, resp)
		}
		if session, surfaceID, err = r.Open(ctx, args); err != nil {
			return Timeline{}, err
		}
		start = time.Now()
		resp, err = r.Kit.Submit(ctx, r.SubmitRequest(session, surfaceID, "s1"))
		whole.Add(time.Since(start))
		if err != nil || !resp.Accepted {
			return Timeline{}, fmt.Errorf("the kit's submit: %v %+v", err, resp)
		}
	}
	return Timeline{
		Segments: []Segment{
			{Name: "the plugin's decision: Submit with the kit's snapshot, one round trip", P50: decision.Percentile(50)},
			{Name: "the kit's Submit: snapshot, decision, message queued in the log, report", P50: whole.Percentile(50)},
		},
		Total: whole.Percentile(50),
	}, nil
}
