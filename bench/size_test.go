package bench

import "testing"

func TestSizesRatio(t *testing.T) {
	t.Parallel()
	cases := map[string]struct {
		sizes Sizes
		want  float64
	}{
		"larger":       {Sizes{Plugin: 15, Minimal: 12}, 1.25},
		"equal":        {Sizes{Plugin: 12, Minimal: 12}, 1},
		"no reference": {Sizes{Plugin: 12}, 0},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if got := c.sizes.Ratio(); got != c.want {
				t.Fatalf("Ratio() = %v, want %v", got, c.want)
			}
		})
	}
}
