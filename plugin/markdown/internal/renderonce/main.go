// Command renderonce renders one hostile family once, with the Markdown
// policy or with goldmark alone, and exits. The bounds' work test
// (plugin/markdown/work_test.go) builds it with coverage counters over
// goldmark and plugin/markdown, so the counters the process leaves in
// GOCOVERDIR count the work of that one render, the same on every machine.
//
//	renderonce policy|goldmark <family> <bytes>
//
// The family names one of tests/hostile; "" renders nothing, the baseline
// of building the renderer.
package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/tests/hostile"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "renderonce:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	if len(args) != 3 {
		return fmt.Errorf("usage: renderonce policy|goldmark <family> <bytes>")
	}
	var r *markdown.Renderer
	switch args[0] {
	case "policy":
		r = markdown.New()
	case "goldmark":
		r = markdown.GoldmarkAlone()
	default:
		return fmt.Errorf("renderer %q: want policy or goldmark", args[0])
	}
	size, err := strconv.Atoi(args[2])
	if err != nil {
		return fmt.Errorf("size %q: %w", args[2], err)
	}
	src, ok := "", args[1] == ""
	for _, f := range hostile.Families() {
		if f.Name == args[1] {
			src, ok = f.Build(size), true
		}
	}
	if !ok {
		return fmt.Errorf("no hostile family %q", args[1])
	}
	r.Render(src)
	return nil
}
