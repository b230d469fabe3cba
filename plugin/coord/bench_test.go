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
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// BenchmarkSubmit measures Submit in process over the in-memory host, for
// the typical 4 KiB benchmark model: resolving the open surface through
// the host, revalidating its model, validating and formatting the values
// and admitting the message. "first-touch" submits a surface the service
// has never read; "after-getActive" submits one whose dock was opened
// first, as a browser does.
func BenchmarkSubmit(b *testing.B) {
	m, problems := model.ParseArguments(bench.Arguments(bench.Model(4<<10)), tasksurface.DefaultLimits)
	if len(problems) > 0 {
		b.Fatal(problems)
	}
	normalized, err := m.Normalized()
	if err != nil {
		b.Fatal(err)
	}
	for _, warm := range []bool{false, true} {
		name := "first-touch"
		if warm {
			name = "after-getActive"
		}
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			host := newMemHost()
			svc := coord.New(coord.Config{Host: host, Limits: tasksurface.DefaultLimits, Logger: hclog.NewNullLogger(), Markdown: markdown.New()})
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				b.StopTimer()
				i++
				session, call := "s"+strconv.Itoa(i), "call_"+strconv.Itoa(i)
				surface := "tsf_" + call
				host.openWithMeta(session, call, wire.Meta{Kind: wire.MetaKind, Version: wire.MetaVersion, SurfaceID: surface, Model: normalized})
				if warm {
					if resp, err := svc.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: session, SurfaceID: surface}); err != nil || !resp.Active {
						b.Fatalf("getActive: %v %+v", err, resp)
					}
				}
				b.StartTimer()
				resp, err := svc.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surface, SubmissionID: "s1", Values: json.RawMessage(bench.SubmitValues)})
				if err != nil || !resp.Accepted {
					b.Fatalf("submit: %v %+v", err, resp)
				}
			}
		})
	}
}
