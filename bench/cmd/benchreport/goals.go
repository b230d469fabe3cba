package main

import (
	"fmt"
	"os"
	"strings"
)

// goalRows collects the rows of the goals table at the top of
// BENCHMARKS.md that this report measures. tools/bench.sh names the file
// in BENCH_GOALS and every bench appends its rows there (the Node benches
// with tools/bench-goal.mjs), each led by its place in the table.
type goalRows struct {
	file  string
	lines []string
}

// add records r as the goal in place key; its ratio, when it has one, is
// written with the figure measured.
func (g *goalRows) add(key int, r row) {
	measured := r.measured
	if r.ratio != "" && r.ratio != "—" {
		measured += ", " + r.ratio
	}
	cells := []string{fmt.Sprint(key), r.figure, measured, r.reference, r.goal, r.verdict}
	for i, c := range cells {
		cells[i] = strings.NewReplacer("\t", " ", "\n", " ").Replace(c)
	}
	g.lines = append(g.lines, strings.Join(cells, "\t")+"\n")
}

// write appends the rows to the file, when one is named.
func (g *goalRows) write() error {
	if g.file == "" {
		return nil
	}
	f, err := os.OpenFile(g.file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString(strings.Join(g.lines, ""))
	return err
}
