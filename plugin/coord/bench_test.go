package coord_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/bench"
	"github.com/dsh-community/task-surface/plugin/coord"
	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/tool"
	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// BenchmarkSubmit measures Submit in process over the in-memory host, for
// the typical 4 KiB benchmark model: resolving the open surface through
// the host, revalidating its model, validating and formatting the values
// and admitting the message. "first-touch" submits a surface another
// process opened and this one has never read; "opened-here" one this
// process opened (Show, then Submit, as in the cross-process benchmark);
// "after-getActive" one whose dock was opened first, as a browser does.
func BenchmarkSubmit(b *testing.B) {
	args := bench.Arguments(bench.Model(4 << 10))
	md := markdown.New()
	for _, name := range []string{"first-touch", "opened-here", "after-getActive"} {
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			var host *memHost
			var svc *coord.Service
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				b.StopTimer()
				if i%1024 == 0 {
					// Stay well below coord.MaxSessions: every session keeps a
					// pending submission.
					host = newMemHost()
					svc = coord.New(coord.Config{Host: host, Limits: tasksurface.DefaultLimits, Logger: hclog.NewNullLogger(), Markdown: md})
				}
				i++
				session, call := "s"+strconv.Itoa(i), "call_"+strconv.Itoa(i)
				resp, surface, err := tool.New(md).Open(&tasksurface.ShowRequest{SessionID: tasksurface.SessionID(session), CallID: tasksurface.CallID(call), Arguments: args}, tasksurface.DefaultLimits)
				if err != nil || surface == nil {
					b.Fatalf("show: %v %+v", err, resp)
				}
				host.openWithMeta(tasksurface.SessionID(session), tasksurface.CallID(call), resp.Meta)
				switch name {
				case "opened-here":
					svc.Opened(coord.Opened{SessionID: tasksurface.SessionID(session), CallID: tasksurface.CallID(call), SurfaceID: surface.SurfaceID, Value: resp.Value,
						Model: surface.Model, Markdown: surface.Markdown, Limits: surface.Limits})
				case "after-getActive":
					if got, err := svc.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: tasksurface.SessionID(session), SurfaceID: tasksurface.SurfaceID(surface.SurfaceID)}); err != nil || !got.Active {
						b.Fatalf("getActive: %v %+v", err, got)
					}
				}
				b.StartTimer()
				got, err := svc.Submit(ctx, &tasksurface.SubmitRequest{SessionID: tasksurface.SessionID(session), SurfaceID: tasksurface.SurfaceID(surface.SurfaceID), SubmissionID: "s1", Values: json.RawMessage(bench.SubmitValues)})
				if err != nil || !got.Accepted || got.MessageID != wire.MessageID(tasksurface.SessionID(session), surface.SurfaceID, "s1") {
					b.Fatalf("submit: %v %+v", err, got)
				}
			}
		})
	}
}
