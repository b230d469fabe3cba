package bench

import (
	"cmp"
	"encoding/json"
	"runtime"
	"slices"
	"time"

	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/tests/hostile"
)

// rendersPerBlock is how many times a timed block renders the full model;
// it renders the half-size model twice as many times, so that both blocks
// render as many bytes of Markdown, allocate about as much and see about
// as many garbage collections: a collection falls in each block as it
// falls in a long run of renders, not in one render of a pair and not in
// the other.
const rendersPerBlock = 4

// MarkdownRender is the render time of one Markdown family's model, and how
// it grows from a model of half the size.
type MarkdownRender struct {
	// Family names the hostile family ("ordinary" for the reference).
	Family string
	// P50 is the median, over the rounds, of the time a render of the
	// model took on average in the round's block of renders.
	P50 time.Duration
	// Half is the same for the model of half the size.
	Half time.Duration
	// CPU is the median, over the rounds, of the CPU time of the process
	// per render of the model, or 0 where the platform does not tell it.
	CPU time.Duration
	// Growth is the median, over the rounds, of the ratio of the model's
	// render cost to the half-size model's, both measured in the same round
	// one after the other: 2 when the cost is linear in the size. The cost
	// is the CPU time of the process per render where the platform tells
	// it (other processes sharing the machine then count for less), else
	// the time.
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
// all of them found slowest. Each round times a block of renders of the
// half-size model and then a block of renders of the full one, each block
// of as many bytes of Markdown (rendersPerBlock renders of the full model,
// twice as many of the half-size one) and each after a garbage collection
// outside the timed region, as testing.B collects before it times: the
// collections a block's own allocation causes fall inside it, as many for
// either size when the cost is linear, and the garbage of what ran before
// does not. The growth is the median of the rounds' ratios.
//
// The process should hold little else on its heap: a collection's cost
// grows with everything live, so a large heap left by other work makes
// each collection a lump of cost that lands in one block and not the
// other. An unknown family gives a zero MarkdownRender with the name.
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
		h, hcpu := timeBlock(2*rendersPerBlock, func() { markdown.RenderBlocks(r, half) })
		d, dcpu := timeBlock(rendersPerBlock, func() { markdown.RenderBlocks(r, full) })
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

// FamilyArguments returns the arguments of show_task_surface for the
// largest model of two Markdown blocks of the hostile family named family,
// at most blockBytes each, that the plugin takes under the default limits
// (escapes make some families' normalised model longer than their text),
// or nil for a family hostile does not know.
func FamilyArguments(family string, blockBytes int) json.RawMessage {
	for _, f := range hostile.Families() {
		if f.Name != family {
			continue
		}
		for size := blockBytes; size > 0; size -= 512 {
			m, err := familyModel(f, size).Normalized()
			if err != nil {
				return nil
			}
			args := Arguments(m)
			if parsed, _ := model.ParseArguments(args, tasksurface.Limits{}); parsed != nil {
				return args
			}
		}
	}
	return nil
}

// familyModel returns a model of two Markdown blocks of f, blockBytes each.
func familyModel(f hostile.Family, blockBytes int) *model.Model {
	block := model.Block{Kind: model.BlockMarkdown, Text: f.Build(blockBytes)}
	return &model.Model{
		Version: 1, Title: f.Name, Fields: []model.Field{}, Submit: model.Submit{Label: "Send"},
		Sections: []model.Section{{ID: "a", Layout: model.Layout{Kind: model.LayoutStack}, Blocks: []model.Block{block, block}}},
	}
}

// timeBlock collects the garbage, then calls render n times and returns
// the time of a call on average, and the CPU time the process spent per
// call meanwhile, or 0 when the platform does not tell it.
func timeBlock(n int, render func()) (wall, cpu time.Duration) {
	runtime.GC()
	cpu0, ok := cpuTime()
	start := time.Now()
	for range n {
		render()
	}
	wall = time.Since(start) / time.Duration(n)
	if cpu1, ok1 := cpuTime(); ok && ok1 {
		cpu = (cpu1 - cpu0) / time.Duration(n)
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
