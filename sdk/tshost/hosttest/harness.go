package hosttest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Harness is what the suite drives: a harness's host over a running plugin,
// as its UI, its composer and its agent use it. The four requests are the
// host's, not the plugin's: the host attaches its snapshot of the session,
// calls the plugin through the suite's Tap, carries out the decision and
// answers. A hostkit.Host is one (see Kit).
type Harness interface {
	// NewSession starts an empty session and returns its id.
	NewSession(ctx context.Context) (tasksurface.SessionID, error)
	// CallTool is the model calling the plugin's tool: the call, the
	// plugin's Show and the result, written to the session's log.
	CallTool(ctx context.Context, sessionID tasksurface.SessionID, callID tasksurface.CallID, args json.RawMessage) (*tasksurface.ShowResponse, error)
	// GetActive is the UI reading the open surface.
	GetActive(ctx context.Context, req *tasksurface.GetActiveRequest) (*tasksurface.GetActiveResponse, error)
	// Check is the UI checking answers as they stand.
	Check(ctx context.Context, req *tasksurface.CheckRequest) (*tasksurface.CheckResponse, error)
	// Submit is the UI's submit button: the plugin decides, and the host
	// admits the message, or refuses, before it answers (with no Admit).
	Submit(ctx context.Context, req *tasksurface.SubmitRequest) (*tasksurface.SubmitResponse, error)
	// Dismiss is the UI's dismiss button: the plugin decides, and the host
	// writes the record, or refuses, before it answers (with no Record).
	Dismiss(ctx context.Context, req *tasksurface.DismissRequest) (*tasksurface.DismissResponse, error)
	// Send is a person sending an ordinary message from the composer: it
	// joins the session's queue, {kind: "user"} without a correlation.
	Send(ctx context.Context, sessionID tasksurface.SessionID, text string) (tasksurface.MessageID, error)
	// Claim is the agent taking the oldest queued message for a turn: from
	// then on the host's snapshots list it as claiming. It returns the
	// message's id, or an error when nothing is queued.
	Claim(ctx context.Context, sessionID tasksurface.SessionID) (tasksurface.MessageID, error)
	// Commit writes a claimed message to the log as a user message, with
	// the source it was admitted with, and takes it out of the queue.
	Commit(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error
	// Discard drops a claimed message whose turn did not commit it: it
	// leaves the queue and never reaches the log.
	Discard(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error
	// Remove is a person removing a message from the queue: the harness
	// asks the plugin (CheckQueueAction with ActionRemove and the
	// message's phase), removes the message from the queue only if
	// allowed, and returns the plugin's answer.
	Remove(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) (*tasksurface.QueueActionResponse, error)
	// Log returns the session's log.
	Log(ctx context.Context, sessionID tasksurface.SessionID) ([]tasksurface.Event, error)
	// Close stops the harness and its plugin without committing anything.
	Close(ctx context.Context) error
}

// Returner is a Harness that hands a person's answers back after a
// restart: Returned lists the Task Surface submissions the restart took out
// of the session's queue (never sent by themselves), with their
// correlation, whose values a UI shows again. The suite checks it when the
// Harness has it; Kit's does.
type Returner interface {
	Returned(ctx context.Context, sessionID tasksurface.SessionID) ([]tasksurface.UserMessage, error)
}

// Start starts a harness over the state kept in dir. A second call with
// the same dir starts it again over the same state, as after a crash. Its
// host must call the plugin through tap(server), not server: the suite
// checks that the host it judges is the one that calls the plugin.
type Start func(t *testing.T, dir string, tap Tap) Harness

// Tap wraps the server a host calls the plugin through; see Start.
type Tap func(server tasksurface.Server) tasksurface.Server
