package heapfloor

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

func TestPercent(t *testing.T) {
	t.Parallel()
	const mb = 1 << 20
	for _, c := range []struct {
		name               string
		live, roots, floor uint64
		want               int
	}{
		{"a heap below the runtime's minimum goal: the minimum grows to the floor", 1 * mb, 1 * mb, 16 * mb, 400},
		{"an empty heap likewise", 0, 0, 16 * mb, 400},
		{"the roots count with the heap", 5 * mb, 3 * mb, 16 * mb, 200},
		{"rounded down to a tenth of the default", 5 * mb, 1 * mb, 16 * mb, 260},
		{"a heap above the floor keeps the default", 40 * mb, 2 * mb, 16 * mb, DefaultPercent},
		{"a heap at the floor keeps the default", 14 * mb, 2 * mb, 16 * mb, DefaultPercent},
		{"a huge floor is bounded", 1 * mb, 0, 1 << 40, maxPercent},
		{"no floor keeps the default", 2 * mb, 1 * mb, 0, DefaultPercent},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Percent(c.live, c.roots, c.floor); got != c.want {
				t.Errorf("Percent(%d, %d, %d) = %d, want %d", c.live, c.roots, c.floor, got, c.want)
			}
		})
	}
}

// TestFloorFollowsCollections runs the floor in this process: it sets the
// percentage at once, adjusts it after every collection (not after the
// first only: the object that marks a collection must not be one the
// runtime batches with others), sets it to the default once the live heap
// has grown past the floor, and restores the default when stopped. Not
// parallel: the percentage is the process's.
func TestFloorFollowsCollections(t *testing.T) {
	runtime.GC() // the live heap the floor reads first is this test's, not an earlier one's
	f := Start(64 << 20)
	defer f.Stop()
	if f.Percent() <= DefaultPercent {
		t.Fatalf("with a 64 MiB floor over this test's heap the percentage is %d, want more than %d", f.Percent(), DefaultPercent)
	}
	// Tiny pointer-free garbage beside the collections, of the kind that
	// shares an allocation slot with a tiny sentinel.
	var keep []*[8]byte
	deadline := time.Now().Add(30 * time.Second)
	for i := int64(1); i <= 10; i++ {
		for f.adjusted.Load() < i {
			if time.Now().After(deadline) {
				t.Fatalf("after %d collections the floor adjusted %d times, want one adjustment after each", i, f.adjusted.Load())
			}
			keep = append(keep, new([8]byte))
			runtime.GC()
			time.Sleep(time.Millisecond)
		}
	}
	runtime.KeepAlive(keep)
	// Make more than the floor live; the next collection's cleanup must
	// bring the percentage back to the default.
	live := make([][]byte, 80)
	for i := range live {
		live[i] = make([]byte, 1<<20)
	}
	deadline = time.Now().Add(30 * time.Second)
	for f.percentNow() != DefaultPercent {
		if time.Now().After(deadline) {
			t.Fatalf("after collections with %d MiB live the percentage is %d, want %d", len(live), f.percentNow(), DefaultPercent)
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	runtime.KeepAlive(live)
	f.Stop()
	if p := debug.SetGCPercent(DefaultPercent); p != DefaultPercent {
		t.Errorf("after Stop the percentage is %d, want %d", p, DefaultPercent)
	}
}

// percentNow reads the process's percentage as the runtime holds it.
func (f *Floor) percentNow() int {
	p := debug.SetGCPercent(DefaultPercent)
	debug.SetGCPercent(p)
	return p
}

// TestFloorSetsTheHeapGoal reads the runtime's own heap goal under the
// floor: about the floor while the heap is small, and the default's (twice
// what is live, with the roots) once more than the floor is live, not a
// percentage left from the small heap multiplied into it. Not parallel:
// the percentage is the process's.
func TestFloorSetsTheHeapGoal(t *testing.T) {
	const floor = 16 << 20
	runtime.GC()
	f := Start(floor)
	defer f.Stop()
	sample := []metrics.Sample{{Name: "/gc/heap/goal:bytes"}, {Name: "/gc/heap/live:bytes"}, {Name: "/gc/scan/stack:bytes"}, {Name: "/gc/scan/globals:bytes"}}
	metrics.Read(sample)
	if goal := sample[0].Value.Uint64(); goal < floor || goal > floor+floor/4 {
		t.Fatalf("with a small heap the goal is %d MiB, want about the floor, %d MiB", goal>>20, floor>>20)
	}
	live := make([][]byte, 40)
	for i := range live {
		live[i] = make([]byte, 1<<20)
	}
	runtime.GC()
	deadline := time.Now().Add(30 * time.Second)
	for f.percentNow() != DefaultPercent {
		if time.Now().After(deadline) {
			t.Fatalf("with 40 MiB live the percentage is %d, want %d", f.percentNow(), DefaultPercent)
		}
		time.Sleep(time.Millisecond)
	}
	runtime.GC()
	metrics.Read(sample)
	goal, scanned := sample[0].Value.Uint64(), sample[1].Value.Uint64()+sample[2].Value.Uint64()+sample[3].Value.Uint64()
	if goal > 2*scanned+1<<20 {
		t.Errorf("with %d MiB live and scanned the goal is %d MiB, want at most twice that", scanned>>20, goal>>20)
	}
	runtime.KeepAlive(live)
}
