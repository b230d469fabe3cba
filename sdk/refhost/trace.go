package refhost

import (
	"time"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Hop is one host service the plugin called, as the host saw it: when the
// request arrived and when the answer left. A submission's timeline is the
// sequence of its hops between the client's request and its answer.
type Hop struct {
	// Service is the host service, e.g. "ReadProjection".
	Service string
	// SessionID is the session the call is about.
	SessionID tasksurface.SessionID
	// In is when the request reached the host.
	In time.Time
	// Out is when the host's answer was ready to go back.
	Out time.Time
}

// Trace sets fn to receive every host service call the plugin makes, after
// it is answered, and logs each at debug level; nil turns it off. Benchmarks
// use it to draw the timeline of a submission (bench.SubmitTimeline).
func (h *Host) Trace(fn func(Hop)) {
	h.mu.Lock()
	h.tracer = fn
	h.mu.Unlock()
}

// hop starts timing one host service call; the returned function ends it.
// With no tracer and debug logging off it costs one lock.
func (h *Host) hop(service, sessionID tasksurface.SessionID) func() {
	h.mu.Lock()
	fn := h.tracer
	h.mu.Unlock()
	if fn == nil && !h.logger.IsDebug() {
		return func() {}
	}
	in := time.Now()
	return func() {
		hp := Hop{Service: string(service), SessionID: sessionID, In: in, Out: time.Now()}
		h.logger.Debug("host service answered", "service", service, "session", sessionID,
			"in", hp.In.Format(time.RFC3339Nano), "took", hp.Out.Sub(hp.In))
		if fn != nil {
			fn(hp)
		}
	}
}
