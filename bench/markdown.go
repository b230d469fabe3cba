package bench

import (
	"encoding/json"
	"runtime"
	"time"

	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/tests/hostile"
)

// ReferenceCap is how long one render of a 32 KiB block by goldmark alone,
// on the clock, may take for it to be measured in every round beside the
// policy. Past it, goldmark alone renders each block once, after the
// rounds: it then costs a dozen times ordinary Markdown, the policy is
// several times cheaper on every such family, and one render of that
// length measures the ratio well enough.
const ReferenceCap = 40 * time.Millisecond

// BlockTime is about how long a timed block of renders lasts at least:
// blocks of fast renders hold more of them, so that the clock's
// granularity and the garbage collections falling in a block or not weigh
// little.
const BlockTime = 50 * time.Millisecond

// HostileMarkdown is one hostile family rendered a block at a time by the
// policy (markdown.New) and by goldmark alone with the same extensions
// (markdown.GoldmarkAlone), at two sizes, the larger twice the smaller
// (32 and 64 KiB in make bench). Times are the process's CPU
// time per render, garbage collection included, or the clock's where the
// platform does not tell it.
type HostileMarkdown struct {
	// Family names the hostile family ("ordinary" for the reference
	// document).
	Family string
	// PolicyHalf and Policy are the medians, over the rounds, of the
	// policy's render of the smaller and the larger block.
	PolicyHalf, Policy time.Duration
	// GoldmarkHalf and Goldmark are the same for goldmark alone, or its one
	// render of each block when Capped.
	GoldmarkHalf, Goldmark time.Duration
	// Growth is the median, over the rounds, of the round's ratio of the
	// policy's larger render to its smaller one: 2 when the cost is
	// linear. GoldmarkGrowth is the same for goldmark alone, or its one
	// render's ratio when Capped.
	Growth, GoldmarkGrowth float64
	// Ratio is the median, over the rounds, of the round's ratio of the
	// policy's larger render to goldmark alone's, or Policy over the one
	// Goldmark when Capped.
	Ratio float64
	// Capped says goldmark alone took longer than ReferenceCap to render
	// the smaller block once, and rendered each block once.
	Capped bool
}

// MarkdownByFamily measures every hostile family, in the order of
// hostile.Families, at blockBytes/2 and blockBytes, in rounds interleaved
// rounds each (see MeasureHostile).
func MarkdownByFamily(blockBytes, rounds int) []HostileMarkdown {
	var out []HostileMarkdown
	for _, f := range hostile.Families() {
		out = append(out, MeasureHostile(f, blockBytes, rounds))
	}
	return out
}

// MeasureHostile measures one family, capping goldmark alone at
// ReferenceCap. Each round times a block of renders of the smaller block
// (blockBytes/2) and a block of renders of the larger one, half as many,
// by the policy and then by goldmark alone (unless it is capped), each
// block after a garbage collection and an untimed render (see
// timeRenders): the collections its renders cause fall inside it, and the
// garbage of the blocks before it does not. A round's growth and ratio
// compare the blocks of that round.
//
// The process should hold little else on its heap: a collection's cost
// grows with everything live, so a large heap left by other work makes
// each collection a lump of cost that lands in one block and not the
// other.
func MeasureHostile(f hostile.Family, blockBytes, rounds int) HostileMarkdown {
	return measureHostile(f, blockBytes, rounds, ReferenceCap)
}

// measureHostile is MeasureHostile with the cap of goldmark alone given.
func measureHostile(f hostile.Family, blockBytes, rounds int, referenceCap time.Duration) HostileMarkdown {
	policy, alone := markdown.New(), markdown.GoldmarkAlone()
	half, full := f.Build(blockBytes/2), f.Build(blockBytes)
	renders := func(r *markdown.Renderer, src string, n int) time.Duration {
		return timeRenders(n, func() { r.Render(src) })
	}
	// One render of the smaller block by each, on the clock, sizes the
	// blocks and tells whether goldmark alone is capped.
	once := func(r *markdown.Renderer) time.Duration {
		start := time.Now()
		r.Render(half)
		return time.Since(start)
	}
	out := HostileMarkdown{Family: f.Name}
	goldmarkOnce := once(alone)
	out.Capped = goldmarkOnce > referenceCap
	pn, gn := rendersPerBlock(once(policy)), rendersPerBlock(goldmarkOnce)
	// A pair of blocks, the smaller first in even rounds and the larger
	// first in odd ones, so that neither size always follows the other.
	pair := func(r *markdown.Renderer, n, round int) (smaller, larger time.Duration) {
		if round%2 == 1 {
			larger = renders(r, full, n)
		}
		smaller = renders(r, half, 2*n)
		if round%2 == 0 {
			larger = renders(r, full, n)
		}
		return smaller, larger
	}
	var pHalf, pFull, gHalf, gFull Samples
	var growths, goldmarkGrowths, ratios []float64
	for round := range rounds {
		ph, pf := pair(policy, pn, round)
		pHalf.Add(ph)
		pFull.Add(pf)
		growths = append(growths, float64(pf)/float64(max(ph, 1)))
		if out.Capped {
			continue
		}
		gh, gf := pair(alone, gn, round)
		gHalf.Add(gh)
		gFull.Add(gf)
		goldmarkGrowths = append(goldmarkGrowths, float64(gf)/float64(max(gh, 1)))
		ratios = append(ratios, float64(pf)/float64(max(gf, 1)))
	}
	if out.Capped {
		gHalf.Add(renders(alone, half, 1))
		gFull.Add(renders(alone, full, 1))
	}
	out.PolicyHalf, out.Policy = pHalf.Percentile(50), pFull.Percentile(50)
	out.GoldmarkHalf, out.Goldmark = gHalf.Percentile(50), gFull.Percentile(50)
	out.Growth = Median(growths)
	if out.Capped {
		out.GoldmarkGrowth = float64(out.Goldmark) / float64(max(out.GoldmarkHalf, 1))
		out.Ratio = float64(out.Policy) / float64(max(out.Goldmark, 1))
	} else {
		out.GoldmarkGrowth = Median(goldmarkGrowths)
		out.Ratio = Median(ratios)
	}
	return out
}

// rendersPerBlock is how many renders of the larger block a timed block
// holds, given one render of the smaller block: about BlockTime's worth,
// and at least two.
func rendersPerBlock(half time.Duration) int {
	return max(2, int(BlockTime/max(2*half, 1)))
}

// timeRenders collects the garbage and calls render once untimed, then
// calls render n times and returns the CPU time the process spent per
// call, or the clock's time where the platform does not tell the CPU time.
// The collection leaves the garbage of what ran before out of the block;
// the untimed call brings the heap to the state a steady run of such
// renders keeps (testing.B measures that steady state): its memory mapped
// and the collector's goal set by a render of this size. Timed straight
// after a collection, the first render of each block ran under the
// collector's smallest goal, collecting far more often, and faulted its
// heap back in: a 64 KiB render then read up to 2.5 times a 32 KiB one
// whose work was exactly twice.
func timeRenders(n int, render func()) time.Duration {
	runtime.GC()
	render()
	cpu0, ok := cpuTime()
	start := time.Now()
	for range n {
		render()
	}
	wall := time.Since(start) / time.Duration(n)
	if cpu1, ok1 := cpuTime(); ok && ok1 {
		return (cpu1 - cpu0) / time.Duration(n)
	}
	return wall
}

// Slowest returns the family whose larger block the policy renders
// slowest.
func Slowest(renders []HostileMarkdown) HostileMarkdown {
	var worst HostileMarkdown
	for _, r := range renders {
		if r.Policy > worst.Policy {
			worst = r
		}
	}
	return worst
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
