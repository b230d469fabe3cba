package bench

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		xs   []float64
		want float64
	}{
		{nil, 0}, {[]float64{3}, 3}, {[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2}, {[]float64{1.5, 1.5, 9}, 1.5},
	} {
		xs := append([]float64(nil), tc.xs...)
		if got := Median(xs); got != tc.want {
			t.Errorf("Median(%v) = %v, want %v", tc.xs, got, tc.want)
		}
		for i := range xs {
			if xs[i] != tc.xs[i] {
				t.Errorf("Median changed its input: %v", xs)
			}
		}
	}
}

// inRounds rotates which kind's block goes first, block by block and round
// by round, makes n calls of each kind a round, and keeps each kind's
// samples apart, per round and in all.
func TestInRounds(t *testing.T) {
	t.Parallel()
	var order []string
	kind := func(name string, d time.Duration) func() (time.Duration, error) {
		return func() (time.Duration, error) {
			order = append(order, name)
			return d, nil
		}
	}
	all, byRound, err := inRounds(3, 2, 2, kind("a", 1), kind("b", 2), kind("c", 3))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(order, ""), "aabbcc"+"bbccaa"+"ccaabb"; got != want {
		t.Errorf("order %s, want %s", got, want)
	}
	if len(byRound) != 3 || all[1].Len() != 6 || byRound[2][2].Len() != 2 || all[2].Percentile(50) != 3 {
		t.Errorf("samples: %d rounds, %d of b in all, %d of c in round 3, c's median %v", len(byRound), all[1].Len(), byRound[2][2].Len(), all[2].Percentile(50))
	}
	if r := ratioOfMedians(byRound[0][1], byRound[0][0]); r != 2 {
		t.Errorf("ratio of b to a = %v, want 2", r)
	}
	for _, tc := range []struct {
		rounds, n, block int
		want             string
	}{
		{2, 4, 2, "aabbbbaa" + "aabbbbaa"},
		{1, 3, 2, "aabbba"},        // the last block is what is left
		{2, 2, 0, "aabb" + "bbaa"}, // no block size: blocks of n
	} {
		order = nil
		all, byRound, err := inRounds(tc.rounds, tc.n, tc.block, kind("a", 1), kind("b", 2))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(order, ""); got != tc.want {
			t.Errorf("inRounds(%d, %d, %d): order %s, want %s", tc.rounds, tc.n, tc.block, got, tc.want)
		}
		if len(byRound) != tc.rounds || byRound[0][0].Len() != tc.n || all[1].Len() != tc.rounds*tc.n {
			t.Errorf("inRounds(%d, %d, %d): %d rounds, %d of a in the first, %d of b in all", tc.rounds, tc.n, tc.block, len(byRound), byRound[0][0].Len(), all[1].Len())
		}
	}
	fail := errors.New("launch failed")
	if _, _, err := inRounds(2, 1, 1, kind("a", 1), func() (time.Duration, error) { return 0, fail }); !errors.Is(err, fail) {
		t.Errorf("error %v, want %v", err, fail)
	}
}

// Durations gives the samples in the order they came, and a copy: the
// cold-start children send them to benchreport so, and Percentile sorts its
// own copy.
func TestDurations(t *testing.T) {
	t.Parallel()
	s := &Samples{}
	for _, d := range []time.Duration{3, 1, 2} {
		s.Add(d)
	}
	_ = s.Percentile(50)
	got := s.Durations()
	if len(got) != 3 || got[0] != 3 || got[1] != 1 || got[2] != 2 {
		t.Fatalf("Durations() = %v, want [3 1 2]", got)
	}
	got[0] = 9
	if again := s.Durations(); again[0] != 3 {
		t.Fatalf("Durations() shares its slice with the samples: %v", again)
	}
}
