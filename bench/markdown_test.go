package bench

import (
	"runtime"
	"slices"
	"testing"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/tests/hostile"
)

// Every family is measured, in the order of hostile.Families, at both
// sizes, with a growth; an unknown family is named and not measured.
func TestMarkdownByFamily(t *testing.T) {
	t.Parallel()
	renders := MarkdownByFamily(512, 3)
	families := hostile.Families()
	if len(renders) != len(families) {
		t.Fatalf("MarkdownByFamily measured %d families, want %d", len(renders), len(families))
	}
	for i, r := range renders {
		if r.Family != families[i].Name {
			t.Errorf("render %d is of %q, want %q", i, r.Family, families[i].Name)
		}
		if r.P50 <= 0 || r.Half <= 0 || r.Growth <= 0 {
			t.Errorf("%s: P50 %v, Half %v, Growth %v: want all measured", r.Family, r.P50, r.Half, r.Growth)
		}
	}
	if got := Of(renders, "ordinary"); got.Family != "ordinary" || got.P50 <= 0 {
		t.Errorf("Of(renders, ordinary) = %+v", got)
	}
	if worst := Slowest(renders); worst != Of(renders, worst.Family) {
		t.Errorf("Slowest gave %+v, not one of the renders", worst)
	}
}

func TestCostliest(t *testing.T) {
	t.Parallel()
	renders := []MarkdownRender{
		{Family: "a", P50: 5, CPU: 1},
		{Family: "b", P50: 1, CPU: 9},
		{Family: "c", P50: 7},
		{Family: "d", P50: 2, CPU: 3},
	}
	tests := []struct {
		n    int
		want []string
	}{
		{0, nil},
		{2, []string{"b", "c"}},
		{4, []string{"b", "c", "d", "a"}},
		{9, []string{"b", "c", "d", "a"}},
	}
	for _, tt := range tests {
		var got []string
		for _, r := range Costliest(renders, tt.n) {
			got = append(got, r.Family)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Costliest(renders, %d) = %v, want %v", tt.n, got, tt.want)
		}
	}
}

func TestMarkdownOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		family   string
		measured bool
	}{
		{"ordinary", true},
		{"lists-deep-every-line", true},
		{"no such family", false},
	}
	for _, tt := range tests {
		t.Run(tt.family, func(t *testing.T) {
			t.Parallel()
			r := MarkdownOf(tt.family, 1<<10, 3)
			if r.Family != tt.family {
				t.Errorf("MarkdownOf(%q) is of %q", tt.family, r.Family)
			}
			if got := r.P50 > 0 && r.Half > 0 && r.Growth > 0; got != tt.measured {
				t.Errorf("MarkdownOf(%q) = %+v, measured %v, want %v", tt.family, r, got, tt.measured)
			}
		})
	}
}

// A timed block starts from a collected heap, as testing.B starts its
// timing, and calls render as often as asked.
func TestTimeBlock(t *testing.T) {
	t.Parallel()
	tests := []struct{ n int }{{1}, {3}}
	for _, tt := range tests {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		before := m.NumGC
		calls := 0
		collected := false
		_, cpu := timeBlock(tt.n, func() {
			if calls == 0 {
				runtime.ReadMemStats(&m)
				collected = m.NumGC > before
			}
			calls++
		})
		if !collected {
			t.Errorf("timeBlock(%d): no garbage collection before the first call", tt.n)
		}
		if calls != tt.n {
			t.Errorf("timeBlock(%d) called render %d times", tt.n, calls)
		}
		if cpu < 0 {
			t.Errorf("timeBlock(%d) gave a negative CPU time %v", tt.n, cpu)
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
