package heapfloor

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestPercent(t *testing.T) {
	t.Parallel()
	const mb = 1 << 20
	for _, c := range []struct {
		name        string
		live, floor uint64
		want        int
	}{
		{"a small heap grows by the floor", 2 * mb, 16 * mb, 800},
		{"rounded down to a tenth of the default", 3 * mb, 16 * mb, 530},
		{"a heap above the floor keeps the default", 40 * mb, 16 * mb, DefaultPercent},
		{"a heap at the floor keeps the default", 16 * mb, 16 * mb, DefaultPercent},
		{"an almost empty heap is bounded", 1, 16 * mb, maxPercent},
		{"an empty heap is bounded", 0, 16 * mb, maxPercent},
		{"no floor keeps the default", 2 * mb, 0, DefaultPercent},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := Percent(c.live, c.floor); got != c.want {
				t.Errorf("Percent(%d, %d) = %d, want %d", c.live, c.floor, got, c.want)
			}
		})
	}
}

// TestFloorFollowsCollections runs the floor in this process: it sets the
// percentage at once, sets it again after a collection once the live heap
// has grown past the floor, and restores the default when stopped. Not
// parallel: the percentage is the process's.
func TestFloorFollowsCollections(t *testing.T) {
	f := Start(64 << 20)
	defer f.Stop()
	if f.Percent() <= DefaultPercent {
		t.Fatalf("with a 64 MiB floor over this test's heap the percentage is %d, want more than %d", f.Percent(), DefaultPercent)
	}
	// Make more than the floor live; the next collection's cleanup must
	// bring the percentage back to the default.
	live := make([][]byte, 80)
	for i := range live {
		live[i] = make([]byte, 1<<20)
	}
	deadline := time.Now().Add(30 * time.Second)
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
