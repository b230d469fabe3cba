package heapfloor

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
)

// DefaultPercent is the collector's percentage the floor never goes below:
// the runtime's default.
const DefaultPercent = 100

// maxPercent bounds the percentage for an almost empty heap.
const maxPercent = 2000

// The runtime metrics the floor reads: what the last collection found
// live on the heap, the stacks it scanned, and the scannable globals.
var sampled = [...]string{"/gc/heap/live:bytes", "/gc/scan/stack:bytes", "/gc/scan/globals:bytes"}

// Floor is a running heap floor; Start returns it.
type Floor struct {
	bytes   uint64
	sample  []metrics.Sample
	percent atomic.Int64
	// adjusted counts the adjustments made after collections.
	adjusted atomic.Int64
	stopped  chan struct{}
	stop     sync.Once
}

// Start sets the collector's percentage now and after every collection from
// then on, until Stop, so that a collection comes once the heap has grown
// by the larger of bytes and DefaultPercent of the live heap.
func Start(bytes uint64) *Floor {
	f := &Floor{bytes: bytes, stopped: make(chan struct{})}
	for _, name := range sampled {
		f.sample = append(f.sample, metrics.Sample{Name: name})
	}
	f.adjust()
	f.arm()
	return f
}

// Stop ends the floor's adjustments and restores DefaultPercent; a second
// Stop does nothing.
func (f *Floor) Stop() {
	f.stop.Do(func() {
		close(f.stopped)
		debug.SetGCPercent(DefaultPercent)
	})
}

// Percent is the percentage the floor last set.
func (f *Floor) Percent() int { return int(f.percent.Load()) }

// sentinel is the object whose cleanup marks a collection. It holds a
// pointer so that it is never a tiny object: the runtime batches tiny
// pointer-free objects into one allocation slot, and the cleanup of one
// that shares its slot with a live object never runs.
type sentinel struct{ _ *byte }

// arm has adjust run after the next collection: a cleanup of an object
// nothing references runs once a collection has found it unreachable.
func (f *Floor) arm() {
	runtime.AddCleanup(&sentinel{}, func(f *Floor) {
		select {
		case <-f.stopped:
			return
		default:
		}
		f.adjusted.Add(1)
		f.adjust()
		f.arm()
	}, f)
}

// adjust sets the percentage for the heap the last collection found.
func (f *Floor) adjust() {
	metrics.Read(f.sample)
	var v [len(sampled)]uint64
	for i, s := range f.sample {
		if s.Value.Kind() != metrics.KindUint64 {
			return // a runtime without the metric: keep the percentage
		}
		v[i] = s.Value.Uint64()
	}
	if p := Percent(v[0], v[1]+v[2], f.bytes); int64(p) != f.percent.Load() {
		f.percent.Store(int64(p))
		debug.SetGCPercent(p)
	}
}

// runtimeMinimum is the runtime's minimum heap goal at DefaultPercent; it
// scales with the percentage.
const runtimeMinimum = 4 << 20

// Percent is the collector's percentage that lets a heap of live bytes,
// with roots bytes of stacks and globals, grow by floor bytes, or by
// DefaultPercent if that is more, before the next collection. The runtime
// sets the next collection's goal at live + (live + roots) × percent / 100,
// but at least runtimeMinimum × percent / 100, so the percentage is taken
// of live and roots together, or of that minimum while they are less.
func Percent(live, roots, floor uint64) int {
	scanned := max(live+roots, runtimeMinimum)
	// Rounded down to a tenth of the default, so that small changes of the
	// heap do not change the percentage after every collection.
	p := int(min(floor*100/scanned, maxPercent)) / 10 * 10
	return max(p, DefaultPercent)
}
