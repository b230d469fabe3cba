// Command benchreport runs the plugin's cross-process benchmarks in one go
// and prints a Markdown section: each figure beside its reference measured
// in the same run, as a ratio, with the goal and whether it is met.
//
//	go run ./bench/cmd/benchreport > section.md
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/bench"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

func main() {
	if err := run(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "benchreport:", err)
		os.Exit(1)
	}
}

type row struct {
	figure, measured, reference, ratio, goal, verdict string
}

func run(w io.Writer) error {
	dir, err := os.MkdirTemp("", "ts-benchreport-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bins, err := bench.Build(dir)
	if err != nil {
		return err
	}
	ctx := context.Background()
	var rows []row

	// (a) cold start against the minimal go-plugin gRPC plugin.
	ours, ref, refSum := &bench.Samples{}, &bench.Samples{}, &bench.Samples{}
	testing.Benchmark(bench.ColdStart(bins, ours))
	testing.Benchmark(bench.MinimalColdStart(bins, false, ref))
	testing.Benchmark(bench.MinimalColdStart(bins, true, refSum))
	r := ratio(ours.Percentile(50), ref.Percentile(50))
	rows = append(rows, row{"cold start to first healthy RPC (p50, AutoMTLS, digest checked)", ms(ours.Percentile(50)), ms(ref.Percentile(50)) + " minimal go-plugin plugin, no digest check",
		fmt.Sprintf("%.2f×", r), "≤ 1.3×", verdict(r <= 1.3)})
	r = ratio(ours.Percentile(50), refSum.Percentile(50))
	rows = append(rows, row{"cold start, against the same host security", ms(ours.Percentile(50)), ms(refSum.Percentile(50)) + " minimal plugin with go-plugin's SecureConfig digest check",
		fmt.Sprintf("%.2f×", r), "≤ 1.3×", verdict(r <= 1.3)})

	// (b) show round trips against a bare echo of the same bytes.
	rig, err := bench.NewRig(ctx, bins)
	if err != nil {
		return err
	}
	defer rig.Plugin.Close(ctx)
	for _, c := range []struct {
		size int
		goal time.Duration
	}{{4 << 10, time.Millisecond}, {63 << 10, 5 * time.Millisecond}} {
		args := bench.Arguments(bench.Model(c.size))
		show, echo := &bench.Samples{}, &bench.Samples{}
		testing.Benchmark(bench.ShowRoundTrip(rig.Plugin, args, show))
		testing.Benchmark(bench.EchoRoundTrip(rig.Plugin, args, echo))
		r := ratio(show.Percentile(50), echo.Percentile(50))
		rows = append(rows, row{fmt.Sprintf("show_task_surface round trip, %s model (p50)", kib(len(args))), ms(show.Percentile(50)),
			ms(echo.Percentile(50)) + " bare echo, same bytes, same connection", fmt.Sprintf("%.2f×", r),
			fmt.Sprintf("≤ 2× and ≤ %s", ms(c.goal)), verdict(r <= 2 && show.Percentile(50) <= c.goal)})
	}

	// (c) submit to admitted on the reference host.
	sub := &bench.Samples{}
	testing.Benchmark(bench.SubmitToAdmitted(rig, bench.Arguments(bench.Model(4<<10)), sub))
	rows = append(rows, row{"submit to admitted, reference host (p50)", ms(sub.Percentile(50)), "—", "—", "≤ 1 ms", verdict(sub.Percentile(50) <= time.Millisecond)})

	// (d) plugin memory, idle and with 1,000 open surfaces across sessions.
	mem, err := memory(ctx, bins)
	if err != nil {
		return err
	}
	rows = append(rows,
		row{"plugin RSS, idle", mib(mem.idle), "—", "—", "≤ 30 MB", verdict(mem.idle <= 30e6)},
		row{"plugin RSS, 1,000 open surfaces with a pending submission each", mib(mem.loaded), "—", "—", "≤ 80 MB", verdict(mem.loaded <= 80e6)})

	fmt.Fprintf(w, "Measured by `go run ./bench/cmd/benchreport` on %s/%s, %d CPUs, %s.\n\n", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version())
	fmt.Fprintln(w, "| figure | measured | reference (same run) | ratio | goal | met |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, r := range rows {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", r.figure, r.measured, r.reference, r.ratio, r.goal, r.verdict)
	}
	return nil
}

type memoryFigures struct{ idle, loaded int64 }

func memory(ctx context.Context, bins bench.Binaries) (memoryFigures, error) {
	rig, err := bench.NewRig(ctx, bins)
	if err != nil {
		return memoryFigures{}, err
	}
	defer rig.Plugin.Close(ctx)
	time.Sleep(500 * time.Millisecond)
	idle, err := bench.RSS(rig.Plugin.Pid())
	if err != nil {
		return memoryFigures{}, err
	}
	args := bench.Arguments(bench.Model(4 << 10))
	for i := 0; i < 1000; i++ {
		session, surfaceID, err := rig.Open(ctx, args)
		if err != nil {
			return memoryFigures{}, err
		}
		resp, err := rig.Plugin.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: surfaceID, SubmissionID: "s1", Values: json.RawMessage(bench.SubmitValues)})
		if err != nil || !resp.Accepted {
			return memoryFigures{}, fmt.Errorf("submit %d: %v %+v", i, err, resp)
		}
	}
	loaded, err := bench.RSS(rig.Plugin.Pid())
	return memoryFigures{idle: idle, loaded: loaded}, err
}

func ratio(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.3f ms", float64(d)/float64(time.Millisecond)) }

func kib(n int) string { return fmt.Sprintf("%.1f KiB", float64(n)/1024) }

func mib(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

func verdict(ok bool) string {
	if ok {
		return "yes"
	}
	return "**no**"
}
