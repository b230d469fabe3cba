package markdown

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/tests/hostile"
)

// The bounds hold against goldmark alone, counted in work rather than
// time: the goldmark this module requires is held to what the bounds were
// set for, on every machine, without a timed assertion.
const (
	// workGrowth is the most the policy's work may grow from a 32 KiB to a
	// 64 KiB block of one family: linear, the benchmarks' goal.
	workGrowth = 2.2
	// workOverGoldmark is the most the policy may do of goldmark alone's
	// work on the same 64 KiB block, the benchmarks' goal.
	workOverGoldmark = 2.0
	// workSaved is the least goldmark alone must do of the policy's work on
	// a 64 KiB block of a costly family, or the bound acting on it saves
	// too little to keep.
	workSaved = 2.0
)

// TestBoundsAgainstGoldmark renders each hostile family once per process,
// with the policy and with goldmark alone, in a build that counts the
// basic blocks of goldmark and of this package that a render executes (Go
// coverage counters, see internal/renderonce): their count is the render's
// work. A goldmark upgrade that changes what a family costs under a bound
// fails here: the policy's work must grow linearly from 32 to 64 KiB and
// stay within workOverGoldmark of goldmark alone's, and goldmark alone
// must still do workSaved times the policy's work on each costly family,
// or the bound acting on it (bounds.go) may no longer be needed. The
// counters see the code of goldmark and of the policy, not the runtime's
// garbage collector or its copying of memory; the benchmarks time those
// (BenchmarkRenderHostile, and make bench).
func TestBoundsAgainstGoldmark(t *testing.T) {
	t.Parallel()
	c := newWorkCounter(t)
	for _, f := range hostile.Families() {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			p32, p64 := c.work(t, "policy", f.Name, 32<<10), c.work(t, "policy", f.Name, 64<<10)
			if growth := float64(p64) / float64(p32); growth > workGrowth {
				t.Errorf("the policy's work grows %.2f× from 32 to 64 KiB (%d to %d basic blocks), more than %.1f×: a bound no longer keeps this family linear; did goldmark change how it parses it? (bounds.go)",
					growth, p32, p64, workGrowth)
			}
			t.Logf("policy: %d basic blocks at 32 KiB, %d at 64 KiB (%.2f×)", p32, p64, float64(p64)/float64(p32))
			if !f.Costly {
				g64 := c.work(t, "goldmark", f.Name, 64<<10)
				t.Logf("goldmark alone: %d at 64 KiB; the policy does %.3f× its work", g64, float64(p64)/float64(g64))
				if over := float64(p64) / float64(g64); over > workOverGoldmark {
					t.Errorf("at 64 KiB the policy does %.2f× goldmark alone's work (%d against %d basic blocks), more than %.1f×: the bounds cost more than they save here (bounds.go)",
						over, p64, g64, workOverGoldmark)
				}
				return
			}
			// Goldmark alone does at least as much work at 64 KiB as on a
			// smaller block of the family, so it is rendered at 8 KiB and
			// doubled only until it does enough: a family whose cost grows
			// with the square of its size is not rendered at 64 KiB.
			var g int64
			for size := 8 << 10; size <= 64<<10; size *= 2 {
				if g = c.work(t, "goldmark", f.Name, size); float64(g) >= workSaved*float64(p64) {
					t.Logf("goldmark alone: %d at %d KiB, %.1f× the policy's at 64 KiB", g, size>>10, float64(g)/float64(p64))
					return
				}
			}
			t.Errorf("at 64 KiB goldmark alone does %.2f× the policy's work (%d against %d basic blocks), less than %.1f×: the bound acting on this family (bounds.go) saves too little. If the policy's work grew, the bound no longer holds it; if goldmark's fell, goldmark no longer spends much on it and, if make bench agrees, the bound and the family's Costly mark (tests/hostile) may go",
				float64(g)/float64(p64), g, p64, workSaved)
		})
	}
}

// workCounter runs internal/renderonce built with coverage counters and
// reads its counters with go tool covdata.
type workCounter struct {
	renderonce, covdata string
	// baseline is the work of a process that builds each renderer and
	// renders nothing.
	baseline map[string]int64
}

// newWorkCounter builds renderonce, counting the basic blocks of goldmark
// and of this package, and measures the baselines.
func newWorkCounter(t *testing.T) *workCounter {
	t.Helper()
	const module = "github.com/dsh-community/task-surface"
	c := &workCounter{renderonce: filepath.Join(t.TempDir(), "renderonce"), baseline: map[string]int64{}}
	build := exec.Command("go", "build", "-cover", "-covermode=count",
		"-coverpkg=github.com/yuin/goldmark/...,"+module+"/plugin/markdown,"+module+"/plugin/markdown/internal/renderonce",
		"-o", c.renderonce, module+"/plugin/markdown/internal/renderonce")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build renderonce with coverage counters: %v\n%s", err, out)
	}
	out, err := exec.Command("go", "tool", "-n", "covdata").Output()
	if err != nil {
		t.Fatalf("go tool -n covdata: %v", err)
	}
	c.covdata = strings.TrimSpace(string(out))
	for _, r := range []string{"policy", "goldmark"} {
		c.baseline[r] = c.count(t, r, "", 0)
	}
	return c
}

// work returns the basic blocks of goldmark and of this package that one
// render of size bytes of family executes, with renderer "policy" or
// "goldmark", beyond the renderer's baseline.
func (c *workCounter) work(t *testing.T, renderer, family string, size int) int64 {
	t.Helper()
	return c.count(t, renderer, family, size) - c.baseline[renderer]
}

// count runs renderonce once and returns the basic blocks executed in
// goldmark and this package, renderonce's own excluded.
func (c *workCounter) count(t *testing.T, renderer, family string, size int) int64 {
	t.Helper()
	dir := t.TempDir()
	run := exec.Command(c.renderonce, renderer, family, strconv.Itoa(size))
	run.Env = append(os.Environ(), "GOCOVERDIR="+dir)
	if out, err := run.CombinedOutput(); err != nil {
		t.Fatalf("renderonce %s %q %d: %v\n%s", renderer, family, size, err, out)
	}
	profile := filepath.Join(dir, "profile.txt")
	if out, err := exec.Command(c.covdata, "textfmt", "-i", dir, "-o", profile).CombinedOutput(); err != nil {
		t.Fatalf("covdata textfmt: %v\n%s", err, out)
	}
	data, err := os.ReadFile(profile)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := blocksExecuted(data)
	if err != nil {
		t.Fatalf("renderonce %s %q %d: %v", renderer, family, size, err)
	}
	return blocks
}

// blocksExecuted sums the counts of a coverage profile in text format
// ("file:start,end statements count" per block), leaving out renderonce's
// own blocks.
func blocksExecuted(profile []byte) (int64, error) {
	var sum int64
	lines := bufio.NewScanner(bytes.NewReader(profile))
	for lines.Scan() {
		line := lines.Text()
		if strings.HasPrefix(line, "mode:") || strings.Contains(line, "/internal/renderonce/") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			return 0, fmt.Errorf("coverage profile line %q: want file, statements and count", line)
		}
		n, err := strconv.ParseInt(fields[2], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("coverage profile line %q: %w", line, err)
		}
		sum += n
	}
	if sum == 0 {
		return 0, fmt.Errorf("the coverage profile counts no work")
	}
	return sum, lines.Err()
}
