package bench

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/dsh-community/task-surface/plugin/fold"
)

// Point is one measurement of a growth curve.
type Point struct {
	// X is the size of the input (bytes, events or sessions).
	X float64
	// Y is the measured cost.
	Y float64
}

// Series is one named growth curve.
type Series struct {
	// Name labels the curve.
	Name string
	// Points are the measurements, in increasing X.
	Points []Point
}

// ShowBySize measures the p50 Show and Echo round trips for models of the
// given sizes, in milliseconds.
func ShowBySize(r *Rig, sizes []int) (show, echo Series) {
	show.Name, echo.Name = "show_task_surface", "bare echo, same bytes"
	for _, size := range sizes {
		args := Arguments(Model(size))
		s, e := &Samples{}, &Samples{}
		testing.Benchmark(ShowRoundTrip(r.Plugin, args, s))
		testing.Benchmark(EchoRoundTrip(r.Plugin, args, e))
		show.Points = append(show.Points, Point{float64(len(args)), ms(s.Percentile(50))})
		echo.Points = append(echo.Points, Point{float64(len(args)), ms(e.Percentile(50))})
	}
	return show, echo
}

// FoldByLength measures, for each log length, a cold restore of the whole
// log through the Go fold (milliseconds) and the fold's cost per event
// (microseconds).
func FoldByLength(lengths []int) (restore, perEvent Series) {
	restore.Name, perEvent.Name = "cold restore (ms)", "per event (µs)"
	for _, n := range lengths {
		events := Log(n)
		best := time.Duration(1 << 62)
		for i := 0; i < 3; i++ {
			start := time.Now()
			if _, _, err := fold.FoldJSON(nil, events); err != nil {
				panic(err) // the log is built by this package
			}
			if d := time.Since(start); d < best {
				best = d
			}
		}
		restore.Points = append(restore.Points, Point{float64(n), ms(best)})
		perEvent.Points = append(perEvent.Points, Point{float64(n), float64(best.Microseconds()) / float64(n)})
	}
	return restore, perEvent
}

// SubmitByConcurrency runs, for each number of concurrent sessions, rounds
// of open, submit and commit in every session at once, and returns the
// submissions admitted per second and the p50 submit latency (ms).
func SubmitByConcurrency(ctx context.Context, r *Rig, sessions []int, rounds int) (throughput, latency Series, err error) {
	throughput.Name, latency.Name = "submissions per second", "submit p50 (ms)"
	args := Arguments(Model(2 << 10))
	for _, n := range sessions {
		lat := &Samples{}
		var wg sync.WaitGroup
		errs := make(chan error, n)
		per := max(1, rounds/n)
		start := time.Now()
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := 0; k < per; k++ {
					session, surfaceID, err := r.Open(ctx, args)
					if err != nil {
						errs <- err
						return
					}
					t := time.Now()
					resp, err := r.Kit.Submit(ctx, r.SubmitRequest(session, surfaceID, "s"))
					if err != nil || !resp.Accepted {
						errs <- fmt.Errorf("submit: %v %+v", err, resp)
						return
					}
					lat.Add(time.Since(t))
					if _, err := r.Kit.Step(ctx, session); err != nil {
						errs <- err
						return
					}
				}
			}()
		}
		wg.Wait()
		elapsed := time.Since(start)
		close(errs)
		if err := <-errs; err != nil {
			return throughput, latency, err
		}
		throughput.Points = append(throughput.Points, Point{float64(n), float64(lat.Len()) / elapsed.Seconds()})
		latency.Points = append(latency.Points, Point{float64(n), ms(lat.Percentile(50))})
	}
	return throughput, latency, nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
