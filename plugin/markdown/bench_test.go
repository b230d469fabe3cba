package markdown

import (
	"strconv"
	"testing"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/tests/hostile"
)

func BenchmarkRender16KiB(b *testing.B) {
	r := New()
	doc := hostile.Document16KiB()
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		_ = r.Render(doc)
	}
}

func BenchmarkRender16KiBParallel(b *testing.B) {
	r := New()
	doc := hostile.Document16KiB()
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			_ = r.Render(doc)
		}
	})
}

// smallBlocks are markdown blocks of the size a task surface mostly holds:
// one line with emphasis and a link, and three lines with a list.
var smallBlocks = []struct{ name, src string }{
	{"line", "**Read me first.** The table lists every plan; see [the notes](https://example.com/notes)."},
	{"list", "Before you approve:\n- read the **plan**\n- check [the notes](https://example.com/notes)\n"},
}

// BenchmarkRenderSmall renders one small block per operation, as
// show_task_surface does for every markdown block.
func BenchmarkRenderSmall(b *testing.B) {
	r := New()
	for _, c := range smallBlocks {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.src)))
			b.ReportAllocs()
			cpu := cpuNanos()
			for b.Loop() {
				_ = r.Render(c.src)
			}
			reportCPU(b, cpu)
		})
	}
}

// reportCPU reports the process's CPU time per operation since start, a
// cpuNanos reading, when the platform gives one.
func reportCPU(b *testing.B, start int64) {
	if now := cpuNanos(); start >= 0 && now >= 0 {
		b.ReportMetric(float64(now-start)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkRenderPathological renders each hostile family of
// pathological_test.go at 4, 8, 16 and 32 KiB. ns/KiB stays flat across the
// sizes of a family when its cost is linear; cpu-ns/op is the process's CPU
// time per render, steadier than ns/op when other processes share the
// machine.
func BenchmarkRenderPathological(b *testing.B) {
	r := New()
	for _, f := range hostile.Families() {
		for _, kib := range []int{4, 8, 16, 32} {
			src := f.Build(kib << 10)
			b.Run(f.Name+"/"+strconv.Itoa(kib)+"KiB", func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				cpu := cpuNanos()
				for b.Loop() {
					_ = r.Render(src)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(kib), "ns/KiB")
				reportCPU(b, cpu)
			})
		}
	}
}

// BenchmarkRenderWorstModel renders a model of two 32 KiB markdown blocks
// of one hostile family, as show_task_surface does.
func BenchmarkRenderWorstModel(b *testing.B) {
	r := New()
	for _, f := range hostile.Families() {
		block := model.Block{Kind: model.BlockMarkdown, Text: f.Build(32 << 10)}
		m := &model.Model{Version: 1, Title: "worst", Sections: []model.Section{
			{ID: "a", Blocks: []model.Block{block, block}},
		}}
		b.Run(f.Name, func(b *testing.B) {
			b.SetBytes(int64(2 * len(block.Text)))
			cpu := cpuNanos()
			for b.Loop() {
				_ = RenderBlocks(r, m)
			}
			reportCPU(b, cpu)
		})
	}
}
