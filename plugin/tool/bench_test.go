package tool

import (
	"testing"

	"github.com/dsh-community/task-surface/bench"
	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// BenchmarkShow measures one show_task_surface call in process, from the
// raw arguments to the encoded value, for the typical (4 KiB) and the
// largest (63 KiB) benchmark models of bench.Model, asked for as the SDK's
// client and the dsh shim ask: the value alone (OmitMeta).
func BenchmarkShow(b *testing.B) {
	for _, c := range []struct {
		name string
		size int
	}{{"4KiB", 4 << 10}, {"63KiB", 63 << 10}} {
		args := bench.Arguments(bench.Model(c.size))
		b.Run(c.name, func(b *testing.B) {
			t := New(markdown.New())
			req := &tasksurface.ShowRequest{SessionID: "bench", CallID: "call", Arguments: args, Mode: "native", OmitMeta: true}
			b.ReportAllocs()
			b.SetBytes(int64(len(args)))
			for b.Loop() {
				resp, err := t.Show(req, tasksurface.DefaultLimits)
				if err != nil || !resp.OK {
					b.Fatalf("show: %v %+v", err, resp)
				}
			}
		})
	}
}
