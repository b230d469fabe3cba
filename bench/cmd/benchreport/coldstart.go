package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"

	"github.com/dsh-community/task-surface/bench"
	"github.com/dsh-community/task-surface/sdk/tshost"
)

// coldStartProcesses is how many fresh processes measure the cold starts.
// The launch times of both plugins move with the state of the process that
// launches them: in one process the rounds' ratios all read 1.37-1.58x, in
// another on the same tree 0.94-0.97x, in a third 1.19-1.24x. The rows pool
// the rounds of several processes and report the median of all of them.
const coldStartProcesses = 3

// coldStartChildFlag makes benchreport measure the cold starts only, for
// coldStartsInProcesses.
const coldStartChildFlag = "cold-start-child"

// coldStartBinsEnv names the environment variable that gives a cold-start
// child the binaries to launch, as JSON.
const coldStartBinsEnv = "TS_BENCH_COLD_START_BINS"

// coldStartResult is what a cold-start child prints: every launch's time in
// nanoseconds by kind, and each round's ratios.
type coldStartResult struct {
	Verified, Hashed, Minimal, MinimalSum []time.Duration
	VerifiedRatios, HashedRatios          []float64
}

// coldStartChild measures the cold starts of the binaries in
// coldStartBinsEnv, as bench.ColdStartRounds does, and writes the result to
// w as JSON.
func coldStartChild(w io.Writer) error {
	var bins bench.Binaries
	if err := json.Unmarshal([]byte(os.Getenv(coldStartBinsEnv)), &bins); err != nil {
		return fmt.Errorf("read the binaries from %s: %w", coldStartBinsEnv, err)
	}
	verified := tshost.NewVerifiedBinaries("")
	if _, err := verified.Verify(bins.Plugin, bins.PluginSHA256); err != nil {
		return err
	}
	cold, err := bench.ColdStartRounds(context.Background(), bins, verified, 7, 12)
	if err != nil {
		return err
	}
	return json.NewEncoder(w).Encode(coldStartResult{
		Verified: cold.Verified.Durations(), Hashed: cold.Hashed.Durations(),
		Minimal: cold.Minimal.Durations(), MinimalSum: cold.MinimalSum.Durations(),
		VerifiedRatios: cold.VerifiedRatios, HashedRatios: cold.HashedRatios,
	})
}

// coldStartsInProcesses runs this program n times as a cold-start child,
// one after the other, and pools what they measured.
func coldStartsInProcesses(bins bench.Binaries, n int) (*bench.ColdStarts, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	spec, err := json.Marshal(bins)
	if err != nil {
		return nil, err
	}
	out := &bench.ColdStarts{Verified: &bench.Samples{}, Hashed: &bench.Samples{}, Minimal: &bench.Samples{}, MinimalSum: &bench.Samples{}}
	for range n {
		cmd := exec.Command(self, "-"+coldStartChildFlag)
		cmd.Env = append(os.Environ(), coldStartBinsEnv+"="+string(spec))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("cold-start child: %w: %s", err, bytes.TrimSpace(stderr.Bytes()))
		}
		var got coldStartResult
		if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
			return nil, fmt.Errorf("cold-start child: %w", err)
		}
		for _, kind := range []struct {
			to   *bench.Samples
			from []time.Duration
		}{{out.Verified, got.Verified}, {out.Hashed, got.Hashed}, {out.Minimal, got.Minimal}, {out.MinimalSum, got.MinimalSum}} {
			for _, d := range kind.from {
				kind.to.Add(d)
			}
		}
		out.VerifiedRatios = append(out.VerifiedRatios, got.VerifiedRatios...)
		out.HashedRatios = append(out.HashedRatios, got.HashedRatios...)
	}
	return out, nil
}
