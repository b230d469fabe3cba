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
const maxPercent = 10000

// liveHeap is the runtime metric of the bytes the last collection found live.
const liveHeap = "/gc/heap/live:bytes"

// Floor is a running heap floor; Start returns it.
type Floor struct {
	bytes   uint64
	sample  []metrics.Sample
	percent atomic.Int64
	stopped chan struct{}
	stop    sync.Once
}

// Start sets the collector's percentage now and after every collection from
// then on, until Stop, so that a collection comes once the heap has grown
// by the larger of bytes and DefaultPercent of the live heap.
func Start(bytes uint64) *Floor {
	f := &Floor{bytes: bytes, sample: []metrics.Sample{{Name: liveHeap}}, stopped: make(chan struct{})}
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

// arm has adjust run after the next collection: a cleanup of an object
// nothing references runs once a collection has found it unreachable.
func (f *Floor) arm() {
	runtime.AddCleanup(new(byte), func(f *Floor) {
		select {
		case <-f.stopped:
			return
		default:
		}
		f.adjust()
		f.arm()
	}, f)
}

// adjust sets the percentage for the live heap the last collection found.
func (f *Floor) adjust() {
	metrics.Read(f.sample)
	if f.sample[0].Value.Kind() != metrics.KindUint64 {
		return // a runtime without the metric: keep the default
	}
	if p := Percent(f.sample[0].Value.Uint64(), f.bytes); int64(p) != f.percent.Load() {
		f.percent.Store(int64(p))
		debug.SetGCPercent(p)
	}
}

// Percent is the collector's percentage that lets a heap of live bytes
// grow by floor bytes, or by DefaultPercent of live if that is more, before
// the next collection.
func Percent(live, floor uint64) int {
	if live == 0 {
		return maxPercent
	}
	// Rounded down to a tenth of the default, so that small changes of the
	// live heap do not change the percentage after every collection.
	p := int(min(floor*100/live, maxPercent)) / 10 * 10
	return max(p, DefaultPercent)
}
