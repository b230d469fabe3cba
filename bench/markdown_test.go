package bench

import (
	"runtime"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/tests/hostile"
)

// A family is measured by the policy and by goldmark alone at both sizes,
// with its growths and ratio; goldmark alone past the cap renders each
// block once, and the ratio is then the policy's median over that one
// render.
func TestMeasureHostile(t *testing.T) {
	t.Parallel()
	families := hostile.Families()
	tests := []struct {
		family hostile.Family
		cap    time.Duration
		capped bool
	}{{families[0], time.Hour, false}, {families[0], 0, true}, {families[len(families)-1], time.Hour, false}}
	for _, tt := range tests {
		r := measureHostile(tt.family, 2<<10, 2, tt.cap)
		if r.Family != tt.family.Name || r.Capped != tt.capped {
			t.Errorf("%s, cap %v: family %q, Capped %v, want %v", tt.family.Name, tt.cap, r.Family, r.Capped, tt.capped)
		}
		if r.PolicyHalf <= 0 || r.Policy <= 0 || r.GoldmarkHalf <= 0 || r.Goldmark <= 0 || r.Growth <= 0 || r.GoldmarkGrowth <= 0 || r.Ratio <= 0 {
			t.Errorf("%s, cap %v: %+v: want every figure measured", tt.family.Name, tt.cap, r)
		}
		if want := float64(r.Policy) / float64(r.Goldmark); r.Capped && r.Ratio != want {
			t.Errorf("%s, cap %v: ratio %v, want the policy's median over the one render, %v", tt.family.Name, tt.cap, r.Ratio, want)
		}
	}
}

func TestSlowest(t *testing.T) {
	t.Parallel()
	renders := []HostileMarkdown{{Family: "a", Policy: 2, Goldmark: 9}, {Family: "b", Policy: 5}, {Family: "c", Policy: 3}}
	if got := Slowest(renders); got.Family != "b" {
		t.Errorf("Slowest = %q, want b", got.Family)
	}
}

// A timed block follows a collection and one untimed call, and calls
// render as often as asked.
func TestTimeRenders(t *testing.T) {
	t.Parallel()
	tests := []struct{ n int }{{1}, {3}}
	for _, tt := range tests {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		before := m.NumGC
		calls := 0
		collected := false
		cost := timeRenders(tt.n, func() {
			if calls == 0 {
				runtime.ReadMemStats(&m)
				collected = m.NumGC > before
			}
			calls++
		})
		if !collected {
			t.Errorf("timeRenders(%d): no garbage collection before the untimed call", tt.n)
		}
		if calls != tt.n+1 {
			t.Errorf("timeRenders(%d) called render %d times, want one untimed and %[1]d timed", tt.n, calls)
		}
		if cost < 0 {
			t.Errorf("timeRenders(%d) gave a negative cost %v", tt.n, cost)
		}
	}
}

// A block of renders holds about BlockTime's worth, and at least two.
func TestRendersPerBlock(t *testing.T) {
	t.Parallel()
	tests := []struct {
		half time.Duration
		want int
	}{{0, int(BlockTime)}, {time.Millisecond, 25}, {BlockTime / 8, 4}, {BlockTime, 2}, {time.Second, 2}}
	for _, tt := range tests {
		if got := rendersPerBlock(tt.half); got != tt.want {
			t.Errorf("rendersPerBlock(%v) = %d, want %d", tt.half, got, tt.want)
		}
	}
}

// The model of every hostile family that benchreport sends to
// show_task_surface is a valid model, and near the 64 KiB limit.
func TestFamilyArgumentsAreValidModels(t *testing.T) {
	t.Parallel()
	for _, f := range hostile.Families() {
		args := FamilyArguments(f.Name, 32<<10)
		if m, problems := model.ParseArguments(args, tasksurface.Limits{}); m == nil || len(args) < 48<<10 {
			t.Errorf("%s: %d bytes of arguments: %v", f.Name, len(args), problems)
		}
	}
}
