// Command go-harness is the SDK quick start: a small Go harness whose
// session logs and queue are files kept by the SDK's host kit (harness.go)
// that launches the real Task Surface plugin binary through the SDK (digest
// checked, AutoMTLS, restarted if it crashes), opens a surface from a model
// file, submits values for it as the Dock would (the kit asks the plugin
// and queues the message it decides), lets the agent take the submission
// as its next turn, and prints what the model receives at each step.
//
//	go run ./examples/go-harness -plugin bin/task-surface-plugin \
//	    -sha256 "$(cat bin/task-surface-plugin.sha256)" \
//	    -surface examples/surfaces/release-gate.json
//
// Without -values it answers every field with a plausible value; without
// -dir it keeps its sessions in a temporary folder it removes at the end.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/hashicorp/go-hclog"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost"
	"github.com/dsh-community/task-surface/sdk/tshost/hosttest"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "go-harness:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("go-harness", flag.ContinueOnError)
	fs.SetOutput(stderr)
	pluginPath := fs.String("plugin", "bin/task-surface-plugin", "the plugin binary")
	digest := fs.String("sha256", "", "the binary's expected SHA-256 (hex); a harness takes it from its install manifest")
	surface := fs.String("surface", "examples/surfaces/compare-options.json", "a Task Surface model")
	values := fs.String("values", "", "the submitted values as JSON; plausible answers when empty")
	dir := fs.String("dir", "", "the folder of the session logs and queues; a temporary one when empty")
	logLevel := fs.String("log-level", "warn", "host log level (the plugin's logs are forwarded into it)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *digest == "" {
		return errors.New("-sha256 is required: the SDK launches a plugin only with the digest it expects")
	}
	model, err := os.ReadFile(*surface)
	if err != nil {
		return err
	}
	if *dir == "" {
		tmp, err := os.MkdirTemp("", "go-harness-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		*dir = tmp
	}

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	logger := hclog.New(&hclog.LoggerOptions{Name: "go-harness", Level: hclog.LevelFromString(*logLevel), Output: stderr})

	// 1. Open the harness: it launches the plugin under supervision and
	// binds the kit to it.
	h, err := Open(ctx, *dir, tshost.Config{Path: *pluginPath, SHA256: *digest, Logger: logger, HostName: "go-harness"})
	if err != nil {
		return err
	}
	defer h.Close(context.Background())
	desc := h.Plugin().Description()
	fmt.Fprintf(stdout, "plugin %s (contract %s) declares the tool %q, the projection %q and the command /%s\n\n",
		desc.PluginVersion, desc.APIVersion, desc.Tool.Name, desc.Projection.Key, desc.Command.Name)

	// 2. The model calls the tool with the model file.
	session := h.NewSession()
	toolArgs, err := json.Marshal(map[string]json.RawMessage{"model": model})
	if err != nil {
		return err
	}
	res, err := h.CallTool(ctx, session, toolArgs)
	if err != nil {
		return err
	}
	if !res.OK {
		fmt.Fprintf(stdout, "== tool result the model reads (ok=false) ==\n%s\n\n", res.ErrorText)
		return fmt.Errorf("the surface did not open (%s)", res.ErrorCode)
	}
	fmt.Fprintf(stdout, "== tool result the model reads (ok=true) ==\n%s\n\n", res.Text)

	// 3. The client reads the open surface, as the Dock does.
	active, err := h.Kit().GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: session})
	if err != nil {
		return err
	}
	if !active.Active {
		return fmt.Errorf("no open surface: %s", active.Reason.Text())
	}
	answer := json.RawMessage(*values)
	if len(answer) == 0 {
		if answer, err = hosttest.Values(active.Model); err != nil {
			return err
		}
	}

	// 4. The user submits: the plugin decides, and the kit queues the one
	// user message it decided before it answers.
	sub, err := h.Kit().Submit(ctx, &tasksurface.SubmitRequest{
		SessionID: session, SurfaceID: active.SurfaceID, SubmissionID: "demo-1", Values: answer,
	})
	if err != nil {
		return err
	}
	if !sub.Accepted {
		for _, p := range sub.Problems {
			fmt.Fprintln(stdout, "  problem:", p)
		}
		return fmt.Errorf("submission refused: %s", sub.Reason.Text())
	}
	fmt.Fprintf(stdout, "== submitted %s as message %s (phase %s) ==\n\n", answer, sub.MessageID, sub.Phase)

	// 5. The agent takes it as its next turn.
	m, err := h.Step(ctx, session)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "== the next turn's user message, as the model receives it ==\n%s\n\n", m.Text())

	view, err := h.Kit().View(ctx, session)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "== projection after the turn ==\n%s\n", view)
	return nil
}
