// Package hostkit is the Task Surface host a Go harness assembles instead
// of writing one: it keeps each session's durable log behind a Storage (in
// memory, or one append-only JSON-lines file per session) and its queue of
// user messages in the same log, builds the tasksurface.Snapshot of every
// request from them, calls the plugin, and carries out the plugin's
// decision before it answers.
//
// A harness then writes only what is its own, its model loop and its UI:
//
//	sup, err := tshost.Supervise(ctx, tshost.Config{...}, opts)
//	kit := hostkit.New(hostkit.Config{Storage: storage, Logger: logger})
//	err = kit.Bind(ctx, sup)                                // reads every session back
//	resp, err := kit.CallTool(ctx, session, callID, args)   // the model's call
//	a, err := kit.GetActive(ctx, &tasksurface.GetActiveRequest{SessionID: session}) // the UI
//	sub, err := kit.Submit(ctx, &tasksurface.SubmitRequest{...})                   // its buttons
//	m, err := kit.Send(ctx, session, text)                  // the composer
//	m, err = kit.Claim(ctx, session)                        // the agent's next turn
//	seq, err := kit.Commit(ctx, session, m.ID)
//
// # What the kit does for each request
//
// GetActive, Check, Submit and Dismiss take the plugin's requests without a
// snapshot and hold the session's lock for the whole call: the kit reads
// the snapshot (the projection view, every queued and claimed message in
// order by its ids, the log's last seq, and the state token, a digest of
// the view and the queue), asks the plugin, asks again with the open
// surface's metadata when the plugin answers MetaNeeded, and carries out
// the decision only while the session's token is the decision's (a
// compare-and-set; with another token it asks again, at most MaxAsks
// times). The kit holds no rule of when to admit: that is the plugin's.
// The caller gets the outcome, with no Admit or Record left to do. Because
// the lock is held from the snapshot to the answer, of a submission and an
// ordinary message, a dismissal, or a second submission racing it, exactly
// one outcome lands. A caller that gives up (its ctx cancelled) while the
// plugin decides loses only the answer: nothing was written, and its retry
// of the same id is decided again.
//
// Claim, Commit, Discard and Remove are the agent's and the UI's side of
// the queue. The plugin is not told of them: the next snapshot shows each
// (a claimed message claiming, a committed one in the log, a discarded or
// removed one gone, its surface editable again). Remove asks
// CheckQueueAction first, with the message's phase. What a person reading
// the logs needs goes to Config.Logger: a submission that left the queue
// without reaching the log (Info), a decision the kit could not carry out
// because its Storage failed (Error). CallTool and Commit fold what they
// wrote before they return, so the snapshot of the next request costs no
// fold round trip. A harness that drops a session while its agent holds a
// claim calls Discard, so the surface is editable again.
//
// Bind reads every session back from the Storage, so a restarted harness
// finds its surfaces and its queue again. An ordinary message claimed but
// not committed when the harness stopped is queued again: its turn never
// happened. A Task Surface submission queued or claimed then is taken out
// and never sent by itself, as on dsh: the session log is the only durable
// authority, its surface is open again, and Returned hands its answers
// back for the UI to show. The queue's changes are events of the log (EventQueued,
// EventUnqueued with its UnqueuedKind); they do not cross to the plugin's fold. Storage errors
// and log lines that hold no event are returned or logged with the
// session and the line; none is dropped in silence.
package hostkit
