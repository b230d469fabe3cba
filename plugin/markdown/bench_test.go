package markdown

import (
	"strconv"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/plugin/model"
)

// document16KiB is a realistic mixed document of at least 16 KiB: headings,
// lists, a table, code, links, images and a little raw HTML.
func document16KiB() string {
	const chunk = `## Release candidate review

The **release** is ready for *review*. See [the plan](https://example.com/plan)
and www.example.com/status, or write to ops@example.com.

- [x] unit tests pass
- [ ] canary healthy for 24h
- rollout order: canary, EU, US

| Region | Error rate | p99 (ms) |
|:-------|-----------:|---------:|
| EU     | 0.02%      | 180      |
| US     | 0.03%      | 210      |

![error chart](https://example.com/chart.png) and <span>inline html</span>.

` + "```go\nfunc main() { fmt.Println(\"hi\") }\n```\n\n"
	var b strings.Builder
	for b.Len() < 16<<10 {
		b.WriteString(chunk)
	}
	return b.String()
}

func BenchmarkRender16KiB(b *testing.B) {
	r := New()
	doc := document16KiB()
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		_ = r.Render(doc)
	}
}

func BenchmarkRender16KiBParallel(b *testing.B) {
	r := New()
	doc := document16KiB()
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			_ = r.Render(doc)
		}
	})
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
	for _, f := range pathological {
		for _, kib := range []int{4, 8, 16, 32} {
			src := f.build(kib << 10)
			b.Run(f.name+"/"+strconv.Itoa(kib)+"KiB", func(b *testing.B) {
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
	for _, f := range pathological {
		block := model.Block{Kind: model.BlockMarkdown, Text: f.build(32 << 10)}
		m := &model.Model{Version: 1, Title: "worst", Sections: []model.Section{
			{ID: "a", Blocks: []model.Block{block, block}},
		}}
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(2 * len(block.Text)))
			cpu := cpuNanos()
			for b.Loop() {
				_ = RenderBlocks(r, m)
			}
			reportCPU(b, cpu)
		})
	}
}
