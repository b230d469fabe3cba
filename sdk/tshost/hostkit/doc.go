// Package hostkit is a Task Surface host a Go harness assembles instead of
// writing one: durable session logs behind a Storage (in memory, or one
// append-only JSON-lines file per session), a queue of admitted messages
// kept in the same log, and a Host that serves the plugin's host services
// (tasksurface.Host) from them and reports every queue change to the
// plugin (ObserveQueue) in the order it happened.
//
// A harness then writes only what is its own, its model loop and its UI:
//
//	kit := hostkit.New(hostkit.Config{Storage: storage, Logger: logger})
//	sup, err := tshost.Supervise(ctx, tshost.Config{..., NewHost: kit.Bind}, opts)
//	resp, err := kit.CallTool(ctx, session, callID, args) // the model's call
//	m, err := kit.Claim(ctx, session)                       // the agent's next turn
//	seq, err := kit.Commit(ctx, session, m.ID)
//
// Bind reads every session back from the Storage, so a restarted harness
// finds its surfaces, their pending submissions and its queue again. A
// message claimed but not committed when the harness stopped goes back to
// the queue: its turn never happened.
//
// The queue's changes are events of the log too (EventQueued,
// EventUnqueued); the plugin's fold passes over them. Storage errors and
// log lines that hold no event are returned or logged with the session and
// the line; none is dropped in silence.
package hostkit
