package bench

import (
	"time"

	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/markdown/hostile"
	"github.com/dsh-community/task-surface/plugin/model"
)

// MarkdownRender is the render time of one Markdown family's model.
type MarkdownRender struct {
	// Family names the hostile family ("ordinary" for the reference).
	Family string
	// P50 is the median time to render the model's Markdown.
	P50 time.Duration
}

// MarkdownByFamily renders, for every hostile family and for ordinary
// Markdown, a model of two Markdown blocks of blockBytes each, as
// show_task_surface renders it (markdown.RenderBlocks), rounds times, and
// returns each family's median in the order of hostile.Families.
func MarkdownByFamily(blockBytes, rounds int) []MarkdownRender {
	r := markdown.New()
	var out []MarkdownRender
	for _, f := range hostile.Families() {
		block := model.Block{Kind: model.BlockMarkdown, Text: f.Build(blockBytes)}
		m := &model.Model{Version: 1, Title: f.Name, Sections: []model.Section{{ID: "a", Blocks: []model.Block{block, block}}}}
		s := &Samples{}
		for i := 0; i < rounds; i++ {
			start := time.Now()
			_ = markdown.RenderBlocks(r, m)
			s.Add(time.Since(start))
		}
		out = append(out, MarkdownRender{Family: f.Name, P50: s.Percentile(50)})
	}
	return out
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

// Of returns the render of the named family.
func Of(renders []MarkdownRender, family string) MarkdownRender {
	for _, r := range renders {
		if r.Family == family {
			return r
		}
	}
	return MarkdownRender{Family: family}
}
