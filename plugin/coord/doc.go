// Package coord is the Task Surface coordination service: it decides every
// transaction the browser starts (read the open surface, check answers,
// submit them, dismiss the surface) and follows a submitted message through
// the harness's queue.
//
// The plugin decides and the host acts. The service never calls the host:
// each request carries a tasksurface.Snapshot of the session (the
// projection view, the session's in-flight queue and dismissals by their
// ids, the host's state token, and the open surface's metadata when the
// service asked for it), and each answer carries the decision: the message
// the host must admit (SubmitResponse.Admit) or the dismissal record it
// must write (DismissResponse.Record), with the snapshot's state token. The
// host carries it out only while its state still has that token (a
// compare-and-set) and otherwise asks again: the rule of when to admit
// lives here alone.
//
// Every decision is a function of its request. The service keeps no
// record of what it decided, no clock and no timeout: a retry is answered
// from the snapshot (its message in the queue, or in the log's outcomes;
// its dismissal being written, or in the outcomes), and a retry whose
// first answer was lost before the host acted finds nothing there and is
// decided again, the same way. What it holds is a cache: the model of a
// session's open surface, as the call that opened it answered (Opened), or
// as the log's metadata holds it (read and revalidated when a request
// carries it; answers say MetaNeeded when the service holds none).
//
// A submission's message id is a pure function of the session, the surface,
// the submission id and the submitted answers (their canonical JSON and the
// note), so the same id reused for other answers is told apart without
// keeping the answers, also from the log after a restart.
//
// Of a submission and a dismissal of one surface decided on one snapshot,
// the host carries out the first; the other's token is stale, and asked
// again with the new snapshot it is refused.
//
// Problems a user can fix travel in the responses; a Go error means a
// request the host should not have sent (a snapshot without its projection
// view). A refusal's reason and its problems' codes are the SDK's words
// (tasksurface.Reason, Code). Refused queue actions are answered with a
// sentence for a person, one of tasksurface.QueueRefusals.
package coord
