package markdown

import (
	"strconv"
	"testing"

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

// BenchmarkRenderHostile renders a 32 KiB and a 64 KiB block of each
// hostile family with the policy and with goldmark alone (GoldmarkAlone,
// the same extensions and nothing of the policy): the policy's cost should
// double from 32 to 64 KiB and stay within twice goldmark alone's, far
// below it on the costly families. ns/KiB stays flat across the sizes when
// the cost is linear; cpu-ns/op is the process's CPU time per render,
// steadier than ns/op when other processes share the machine. Goldmark
// alone takes seconds for one 64 KiB block of some families: the loop then
// renders it once. make bench reports the ratios of the same renders
// measured side by side (bench.HostileMarkdown).
func BenchmarkRenderHostile(b *testing.B) {
	renderers := []struct {
		name string
		r    *Renderer
	}{{"policy", New()}, {"goldmark", GoldmarkAlone()}}
	for _, f := range hostile.Families() {
		for _, kib := range []int{32, 64} {
			src := f.Build(kib << 10)
			for _, r := range renderers {
				b.Run(f.Name+"/"+r.name+"/"+strconv.Itoa(kib)+"KiB", func(b *testing.B) {
					b.SetBytes(int64(len(src)))
					cpu := cpuNanos()
					for b.Loop() {
						_ = r.r.Render(src)
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(kib), "ns/KiB")
					reportCPU(b, cpu)
				})
			}
		}
	}
}
