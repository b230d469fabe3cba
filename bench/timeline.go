package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/dsh-community/task-surface/sdk/refhost"
)

// Segment is one stretch of a submission's timeline with its median over
// the measured submissions.
type Segment struct {
	// Name says what happens in the stretch.
	Name string
	// P50 is its median duration.
	P50 time.Duration
}

// Timeline is where the time of one submission on the Go path goes, from
// the reference host's Submit request to the plugin until its answer: the
// hops into the plugin, each host service the plugin calls over the broker
// (time in the host, and the stretch before it: answer back, plugin work,
// next request), and the tail after the host queued the message.
type Timeline struct {
	// Segments are the stretches in order; their medians need not add up
	// to Total's exactly.
	Segments []Segment
	// Admitted is the median time from the request to the host queueing
	// the message.
	Admitted time.Duration
	// Total is the median time from the request to the answer.
	Total time.Duration
}

// SubmitTimeline submits n times, each on a freshly opened surface, with
// the reference host's trace hook on, and returns the median timeline.
func SubmitTimeline(ctx context.Context, r *Rig, args json.RawMessage, n int) (Timeline, error) {
	var mu sync.Mutex
	var hops []refhost.Hop
	r.Host.Trace(func(h refhost.Hop) {
		mu.Lock()
		hops = append(hops, h)
		mu.Unlock()
	})
	defer r.Host.Trace(nil)
	var names []string
	byName := map[string]*Samples{}
	add := func(name string, d time.Duration) {
		s, ok := byName[name]
		if !ok {
			s = &Samples{}
			byName[name] = s
			names = append(names, name)
		}
		s.Add(d)
	}
	admitted, total := &Samples{}, &Samples{}
	for i := 0; i < n; i++ {
		session, surfaceID, err := r.Open(ctx, args)
		if err != nil {
			return Timeline{}, err
		}
		mu.Lock()
		hops = hops[:0]
		mu.Unlock()
		req, err := r.SubmitRequest(ctx, session, surfaceID, "s1")
		if err != nil {
			return Timeline{}, err
		}
		start := time.Now()
		resp, err := r.Plugin.Submit(ctx, req)
		end := time.Now()
		if err != nil || !resp.Accepted {
			return Timeline{}, fmt.Errorf("submit: %v %+v", err, resp)
		}
		mu.Lock()
		got := append([]refhost.Hop(nil), hops...)
		mu.Unlock()
		prev, prevName := start, "request to the plugin, plugin work"
		for _, h := range got {
			add(prevName+" → "+h.Service, h.In.Sub(prev))
			add("in the host: "+h.Service, h.Out.Sub(h.In))
			if h.Service == "AdmitUserMessage" {
				admitted.Add(h.Out.Sub(start))
			}
			prev, prevName = h.Out, "answer to the plugin, plugin work"
		}
		add(prevName+" → answer to the host", end.Sub(prev))
		total.Add(end.Sub(start))
	}
	t := Timeline{Admitted: admitted.Percentile(50), Total: total.Percentile(50)}
	for _, name := range names {
		t.Segments = append(t.Segments, Segment{Name: name, P50: byName[name].Percentile(50)})
	}
	return t, nil
}
