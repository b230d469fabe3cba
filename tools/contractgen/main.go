package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/dsh-community/task-surface/plugin/model"
)

// output is one generated file.
type output struct {
	// path is relative to the repository root.
	path string
	// render produces its content.
	render func(contract) []byte
}

// outputs are the files contractgen writes.
var outputs = []output{
	{path: "host-shim/src/wire/words.gen.js", render: renderJS},
	{path: "client-bundle/src/contract/words.gen.ts", render: renderTS},
	{path: "host-shim/src/wire/rpc.js", render: renderRPCJS},
	{path: "client-bundle/src/contract/rpc.gen.ts", render: renderRPCTS},
	{path: modelPath, render: func(c contract) []byte { return c.modelTS }},
}

// wordsDir is the package the words are read from, relative to the root.
const wordsDir = "sdk/tasksurface"

// errStale reports generated files that differ from what would be written.
var errStale = errors.New("generated files are stale: run `make generate` and commit")

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "contractgen:", err)
		os.Exit(1)
	}
}

// run parses the flags and writes, or with -check compares, every output.
func run(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("contractgen", flag.ContinueOnError)
	root := fs.String("root", ".", "the repository root")
	check := fs.Bool("check", false, "write nothing; fail when a generated file is stale")
	if err := fs.Parse(args); err != nil {
		return err
	}
	groups, err := loadWords(filepath.Join(*root, wordsDir))
	if err != nil {
		return err
	}
	names, err := loadNames(filepath.Join(*root, wordsDir))
	if err != nil {
		return err
	}
	shapes, err := loadShapes(filepath.Join(*root, wordsDir))
	if err != nil {
		return err
	}
	opened, err := openedPieces()
	if err != nil {
		return err
	}
	modelTS, err := renderModel(model.ParametersSchema(), modelNames)
	if err != nil {
		return err
	}
	c := contract{groups: groups, names: names, shapes: shapes, opened: opened, modelTS: modelTS}
	stale := false
	for _, o := range outputs {
		path := filepath.Join(*root, o.path)
		want := o.render(c)
		if *check {
			got, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(got, want) {
				fmt.Fprintf(stdout, "stale: %s\n", o.path)
				stale = true
			}
			continue
		}
		if err := os.WriteFile(path, want, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", o.path, err)
		}
	}
	if stale {
		return errStale
	}
	return nil
}
