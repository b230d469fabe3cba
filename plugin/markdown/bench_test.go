package markdown

import (
	"strings"
	"testing"
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
