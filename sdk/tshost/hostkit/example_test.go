package hostkit_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/dsh-community/task-surface/plugin/server"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
	"github.com/dsh-community/task-surface/sdk/tshost/hostkit"
)

// A harness's whole Task Surface side: the kit bound to the plugin, the
// model's tool call, the user's submission, and the agent's next turn.
// Here the plugin's server runs in this process; a harness binds the kit
// to the tshost.Supervisor instead.
func Example() {
	ctx := context.Background()
	kit := hostkit.New(hostkit.Config{Storage: hostkit.NewMemoryStorage()})
	if err := kit.Bind(ctx, server.New("example", nil)); err != nil {
		panic(err)
	}

	// The model calls the tool.
	session := kit.NewSession()
	args := json.RawMessage(`{"model":{"version":1,"title":"Ship it?","sections":[{"id":"s","blocks":[` +
		`{"kind":"markdown","text":"Release **2.4** is ready."}]}],` +
		`"fields":[{"kind":"choice","id":"go","label":"Ship","options":[{"id":"yes","label":"Yes"},{"id":"no","label":"No"}]}],` +
		`"submit":{"label":"Send"}}}`)
	shown, err := kit.CallTool(ctx, session, "call_1", args)
	if err != nil || !shown.OK {
		panic(fmt.Sprint(shown, err))
	}

	// The user answers in the UI.
	active, err := kit.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: session})
	if err != nil {
		panic(err)
	}
	sub, err := kit.Submit(ctx, &tasksurface.SubmitRequest{SessionID: session, SurfaceID: active.SurfaceID,
		SubmissionID: "sub-1", Values: json.RawMessage(`{"go":"yes"}`)})
	if err != nil {
		panic(err)
	}
	fmt.Println("accepted:", sub.Accepted, "phase:", sub.Phase)

	// The agent's next turn takes the submission as its user message.
	m, err := kit.Step(ctx, session)
	if err != nil {
		panic(err)
	}
	fmt.Println(m.Text())
	after, err := kit.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: session})
	if err != nil {
		panic(err)
	}
	fmt.Println("open:", after.Active)
	// Output:
	// accepted: true phase: queued
	// Task Surface "Ship it?" submitted:
	// - Ship: Yes
	// open: false
}
