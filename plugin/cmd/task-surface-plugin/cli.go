package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Exit codes of the command-line face.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2
)

const usage = `task-surface-plugin %s: the Task Surface plugin for DeepSeek Harness.

A harness starts this binary through go-plugin (with AutoMTLS and its SHA-256
checked) and calls it over gRPC; you do not run it by hand for that. On the
command line it offers:

  task-surface-plugin validate FILE   check a Task Surface model (FILE or - for stdin)
                                      prints {"valid": true|false, "problems": [...]}
                                      exit 0 valid, 1 invalid, 2 usage or I/O error
  task-surface-plugin describe        print the tool, projection, command and limits it declares
  task-surface-plugin version         print the version
  task-surface-plugin debug           serve for a harness to attach to, e.g. under a debugger:
                                      prints TASK_SURFACE_REATTACH=... for tshost.Config.Reattach
`

func runCLI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintf(stdout, usage, version)
		return exitOK
	}
	switch args[0] {
	case "version":
		fmt.Fprintln(stdout, version)
		return exitOK
	case "describe":
		return describe(stdout, stderr)
	case "validate":
		if len(args) != 2 {
			fmt.Fprintln(stderr, "usage: task-surface-plugin validate FILE (or - for stdin)")
			return exitUsage
		}
		return validate(args[1], stdin, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "task-surface-plugin: unknown command %q\n\n", args[0])
		fmt.Fprintf(stderr, usage, version)
		return exitUsage
	}
}

// validateOutput is what validate prints.
type validateOutput struct {
	Valid    bool                  `json:"valid"`
	Problems []tasksurface.Problem `json:"problems"`
}

func validate(path string, stdin io.Reader, stdout, stderr io.Writer) int {
	var (
		raw []byte
		err error
	)
	if path == "-" {
		raw, err = io.ReadAll(io.LimitReader(stdin, 64<<20))
	} else {
		raw, err = os.ReadFile(path)
	}
	if err != nil {
		fmt.Fprintf(stderr, "task-surface-plugin: %v\n", err)
		return exitUsage
	}
	resp, err := server.New(version, nil).Validate(context.Background(), &tasksurface.ValidateRequest{Model: raw})
	if err != nil {
		fmt.Fprintf(stderr, "task-surface-plugin: %v\n", err)
		return exitUsage
	}
	out := validateOutput{Valid: resp.Valid, Problems: resp.Problems}
	if out.Problems == nil {
		out.Problems = []tasksurface.Problem{}
	}
	if code := printJSON(out, stdout, stderr); code != exitOK || out.Valid {
		return code
	}
	return exitInvalid
}

func describe(stdout, stderr io.Writer) int {
	d, err := server.New(version, nil).Describe(context.Background())
	if err != nil {
		fmt.Fprintf(stderr, "task-surface-plugin: %v\n", err)
		return exitUsage
	}
	return printJSON(d, stdout, stderr)
}

// printJSON writes v to stdout as indented JSON.
func printJSON(v any, stdout, stderr io.Writer) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(stderr, "task-surface-plugin: %v\n", err)
		return exitUsage
	}
	return exitOK
}
