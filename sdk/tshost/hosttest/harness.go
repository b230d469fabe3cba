package hosttest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Harness is what the suite drives: a harness's host and its side of the
// queue, over a running plugin.
type Harness interface {
	// Server is the plugin, as the harness calls it (a tshost.Supervisor).
	Server() tasksurface.Server
	// Host is the harness's tasksurface.Host, the one the plugin was
	// configured with.
	Host() tasksurface.Host
	// NewSession starts an empty session and returns its id.
	NewSession(ctx context.Context) (tasksurface.SessionID, error)
	// CallTool is the model calling the plugin's tool: the call, the
	// plugin's Show and the result, written to the session's log.
	CallTool(ctx context.Context, sessionID tasksurface.SessionID, callID tasksurface.CallID, args json.RawMessage) (*tasksurface.ShowResponse, error)
	// Claim is the agent taking the oldest queued message for a turn,
	// reported to the plugin (QueueClaimed); it returns the message's id.
	Claim(ctx context.Context, sessionID tasksurface.SessionID) (tasksurface.MessageID, error)
	// Commit writes a claimed message to the log as a user message and
	// reports it (QueueCommitted, with its seq).
	Commit(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error
	// Discard drops a claimed message whose turn did not commit it, and
	// reports it (QueueDiscarded).
	Discard(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) error
	// Remove is a person removing a message from the queue: the harness
	// asks the plugin (CheckQueueAction with ActionRemove), removes the
	// message and reports it (QueueRemoved) only if allowed, and returns
	// the plugin's answer.
	Remove(ctx context.Context, sessionID tasksurface.SessionID, messageID tasksurface.MessageID) (*tasksurface.QueueActionResponse, error)
	// Log returns the session's log.
	Log(ctx context.Context, sessionID tasksurface.SessionID) ([]tasksurface.Event, error)
	// Close stops the harness and its plugin without committing anything.
	Close(ctx context.Context) error
}

// Start starts a harness over the state kept in dir. A second call with
// the same dir starts it again over the same state, as after a crash.
type Start func(t *testing.T, dir string) Harness
