package bench

import (
	"cmp"
	"slices"
	"time"

	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/markdown/hostile"
	"github.com/dsh-community/task-surface/plugin/model"
)

// MarkdownRender is the render time of one Markdown family's model, and how
// it grows from a model of half the size.
type MarkdownRender struct {
	// Family names the hostile family ("ordinary" for the reference).
	Family string
	// P50 is the median time to render the model's Markdown.
	P50 time.Duration
	// Half is the median time to render the model of half the size.
	Half time.Duration
	// CPU is the median CPU time of the process while it renders the
	// model, or 0 where the platform does not tell it.
	CPU time.Duration
	// Growth is the median, over the rounds, of the ratio of the model's
	// render cost to the half-size model's, both measured in the same round
	// one after the other: 2 when the cost is linear in the size. The cost
	// is the CPU time of the process where the platform tells it (other
	// processes sharing the machine then count for less), else the time.
	Growth float64
}

// MarkdownByFamily measures, for every hostile family and for ordinary
// Markdown, a model of two Markdown blocks of blockBytes each and one of
// two blocks of blockBytes/2, as show_task_surface renders them
// (markdown.RenderBlocks), and returns them in the order of
// hostile.Families. See MarkdownOf for how.
func MarkdownByFamily(blockBytes, rounds int) []MarkdownRender {
	var out []MarkdownRender
	for _, f := range hostile.Families() {
		out = append(out, measureFamily(f, blockBytes, rounds))
	}
	return out
}

// MarkdownOf measures the named family as MarkdownByFamily does, with its
// own number of rounds: a steadier figure for the family a first pass over
// all of them found slowest. In each round it renders the half-size model
// and then the full one, so that both see the same load of the machine and
// the garbage the other left, and the growth is the median of the rounds'
// ratios. An unknown family
// gives a zero MarkdownRender with the name.
func MarkdownOf(family string, blockBytes, rounds int) MarkdownRender {
	for _, f := range hostile.Families() {
		if f.Name == family {
			return measureFamily(f, blockBytes, rounds)
		}
	}
	return MarkdownRender{Family: family}
}

// measureFamily measures one family in rounds interleaved rounds.
func measureFamily(f hostile.Family, blockBytes, rounds int) MarkdownRender {
	r := markdown.New()
	full, half := familyModel(f, blockBytes), familyModel(f, blockBytes/2)
	fulls, halves, cpus := &Samples{}, &Samples{}, &Samples{}
	ratios := make([]float64, 0, rounds)
	for range rounds {
		h, hcpu := renderTime(r, half)
		d, dcpu := renderTime(r, full)
		halves.Add(h)
		fulls.Add(d)
		cpus.Add(dcpu)
		if hcpu > 0 && dcpu > 0 {
			h, d = hcpu, dcpu
		}
		ratios = append(ratios, float64(d)/float64(max(h, 1)))
	}
	out := MarkdownRender{Family: f.Name, P50: fulls.Percentile(50), Half: halves.Percentile(50), CPU: cpus.Percentile(50)}
	out.Growth = Median(ratios)
	return out
}

// familyModel returns a model of two Markdown blocks of f, blockBytes each.
func familyModel(f hostile.Family, blockBytes int) *model.Model {
	block := model.Block{Kind: model.BlockMarkdown, Text: f.Build(blockBytes)}
	return &model.Model{Version: 1, Title: f.Name, Sections: []model.Section{{ID: "a", Blocks: []model.Block{block, block}}}}
}

// renderTime returns how long r takes to render the Markdown of m, and the
// CPU time the process spent meanwhile, or 0 when the platform does not
// tell it.
func renderTime(r *markdown.Renderer, m *model.Model) (wall, cpu time.Duration) {
	cpu0, ok := cpuTime()
	start := time.Now()
	_ = markdown.RenderBlocks(r, m)
	wall = time.Since(start)
	if cpu1, ok1 := cpuTime(); ok && ok1 {
		cpu = cpu1 - cpu0
	}
	return wall, cpu
}

// Slowest returns the slowest render of renders.
func Slowest(renders []MarkdownRender) MarkdownRender {
	var worst MarkdownRender
	for _, r := range renders {
		if r.P50 > worst.P50 {
			worst = r
		}
	}
	return worst
}

// Costliest returns the n renders of the highest CPU time, costliest
// first, or of the highest P50 where the CPU time is not known: a steadier
// choice than the slowest by the clock when other processes share the
// machine, for a second, longer measurement to choose from.
func Costliest(renders []MarkdownRender, n int) []MarkdownRender {
	cost := func(r MarkdownRender) time.Duration {
		if r.CPU > 0 {
			return r.CPU
		}
		return r.P50
	}
	sorted := slices.Clone(renders)
	slices.SortStableFunc(sorted, func(a, b MarkdownRender) int { return cmp.Compare(cost(b), cost(a)) })
	return sorted[:min(n, len(sorted))]
}

// Of returns the render of the named family.
func Of(renders []MarkdownRender, family string) MarkdownRender {
	for _, r := range renders {
		if r.Family == family {
			return r
		}
	}
	return MarkdownRender{Family: family}
}
