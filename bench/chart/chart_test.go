package chart

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/bench"
)

// A chart is well-formed SVG that names its curves and escapes its text.
func TestSVG(t *testing.T) {
	t.Parallel()
	c := Chart{Title: "Show <latency>", XLabel: "bytes", YLabel: "ms", Goal: 1, GoalLabel: "goal",
		Series: []bench.Series{{Name: "show", Points: []bench.Point{{X: 1024, Y: 0.3}, {X: 65536, Y: 2}}}, {Name: "echo", Points: []bench.Point{{X: 1024, Y: 0.1}, {X: 65536, Y: 0.5}}}}}
	svg := c.SVG()
	if err := xml.Unmarshal(svg, new(struct{})); err != nil {
		t.Fatalf("not well-formed: %v", err)
	}
	for _, want := range []string{"Show &lt;latency&gt;", ">show<", ">echo<", "polyline", "stroke-dasharray"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("svg lacks %q", want)
		}
	}
}

func TestNiceCeil(t *testing.T) {
	t.Parallel()
	for in, want := range map[float64]float64{0.7: 1, 1.2: 2, 3: 5, 7: 10, 120: 200, 0: 1} {
		if got := niceCeil(in); got != want {
			t.Errorf("niceCeil(%v) = %v, want %v", in, got, want)
		}
	}
}
