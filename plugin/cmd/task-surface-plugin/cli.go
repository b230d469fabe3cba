package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/dsh-community/task-surface/plugin/model"
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

  task-surface-plugin validate FILE   check a Task Surface model, or show_task_surface's
                                      arguments {"model": ...} (FILE or - for stdin)
  task-surface-plugin describe        print the tool, projection, command and limits it declares
  task-surface-plugin version         print the version
  task-surface-plugin debug           serve for a harness to attach to, e.g. under a debugger

Each command takes --help.
`

// commandHelp is each command's --help.
var commandHelp = map[string]string{
	"validate": `usage: task-surface-plugin validate FILE (or - for stdin)

Checks FILE as show_task_surface checks a call, under the default limits: a
Task Surface model ({"version": 1, ...}), or the tool's arguments
({"model": {...}}), whichever it is. It prints

  {"valid": true|false, "input": "model"|"arguments", "problems": [...]}

where input says which of the two it read, and each problem has a code, a
message and a JSON Pointer into the model (also for arguments). Exit status:
0 valid, 1 invalid, 2 usage or I/O error.
`,
	"describe": `usage: task-surface-plugin describe

Prints, as JSON, what the plugin declares to a harness: the tool (name,
description, parameter and output schemas), the projection, the command and
the default limits.
`,
	"version": `usage: task-surface-plugin version

Prints the plugin's version.
`,
	"debug": `usage: task-surface-plugin debug

Serves the plugin for a harness to attach to (for example when started under a
debugger) until interrupted, and prints the TASK_SURFACE_REATTACH=... line to
give the harness (tshost.Config.Reattach).
`,
}

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool { return arg == "-h" || arg == "--help" || arg == "help" }

func runCLI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprintf(stdout, usage, version)
		return exitOK
	}
	help, known := commandHelp[args[0]]
	if !known {
		fmt.Fprintf(stderr, "task-surface-plugin: unknown command %q\n\n", args[0])
		fmt.Fprintf(stderr, usage, version)
		return exitUsage
	}
	if slices.ContainsFunc(args[1:], isHelp) {
		fmt.Fprint(stdout, help)
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
			fmt.Fprint(stderr, help)
			return exitUsage
		}
		return validate(args[1], stdin, stdout, stderr)
	default: // debug takes no arguments (main runs it alone)
		fmt.Fprint(stderr, help)
		return exitUsage
	}
}

// validateOutput is what validate prints.
type validateOutput struct {
	Valid bool `json:"valid"`
	// Input is "model" or "arguments": which of the two the file was read as.
	Input    string                `json:"input"`
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
	out := validateOutput{Input: "model", Problems: []tasksurface.Problem{}}
	parse := model.Parse
	if isArguments(raw) {
		out.Input, parse = "arguments", model.ParseArguments
	}
	if m, problems := parse(raw, tasksurface.Limits{}); m != nil {
		out.Valid = true
	} else {
		out.Problems = problems
	}
	if code := printJSON(out, stdout, stderr); code != exitOK || out.Valid {
		return code
	}
	return exitInvalid
}

// isArguments reports whether raw is the tool's arguments rather than a
// model: an object with the key "model" and no "version".
func isArguments(raw []byte) bool {
	var top map[string]json.RawMessage
	if json.NewDecoder(bytes.NewReader(raw)).Decode(&top) != nil {
		return false
	}
	_, args := top["model"]
	_, versioned := top["version"]
	return args && !versioned
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
