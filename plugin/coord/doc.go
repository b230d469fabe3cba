// Package coord is the Task Surface coordination service: it owns each
// transaction the browser starts (read the open surface, submit it, dismiss
// it) and follows a submitted message through the harness's queue, on top of
// the harness's tasksurface.Host.
//
// The session log is the authority. The service reads the open surface from
// the projection (plugin/fold's view) and its model from the tool result's
// presentation metadata, revalidated when it is first read and reused while
// the open surface and the limits stay the same (a tool result never
// changes). A surface this process opened itself (Opened) keeps the model
// the call parsed; the first read of the tool result still has to find
// exactly the metadata the call wrote, or the model is revalidated from the
// log. What the service keeps is coordination state, per session and in
// memory:
//
//   - the one pending submission of the open surface, in phase queued
//     (admitted, waiting in the queue) or claiming (taken for a turn, not
//     durable yet), until the harness reports it committed or discarded;
//   - the last MaxSubmissionRecords accepted submissions, so a retry with
//     the same submission id answers with the first answer, also after
//     commit;
//   - the last MaxDismissalRecords dismissals, so a retry with the same
//     dismissal id answers with the original log sequence without writing
//     again.
//
// After a plugin restart these records are empty. Before it first decides
// about an open surface, the service adopts the in-flight messages the host
// still holds for it (Host.ListInFlight), so a restart never lets a second
// message be admitted for a surface that already has one queued or claimed;
// and it answers retries of submissions and dismissals that already closed
// a surface from the projection's outcomes. The host is asked once per
// surface and process: from then on every message for it reaches the
// records (admitted here, or reported through ObserveQueue). A surface
// this process opened needs no asking: its id is new. The one exception is
// a submission still queued: a host takes a claim at once but reports it
// afterwards, so GetActive asks the host for its phase (one ListInFlight)
// and says claiming as soon as the host holds the claim.
//
// With a Journal (Config.Journal), every submission is written to it before
// its admission and leaves it once the queue reports it committed, discarded
// or removed; Recover, after a start, admits again what a host that died
// lost, so an answer called accepted reaches the conversation once (see
// journal.go).
//
// A local pending record ends only when the host reports the message
// committed, discarded or removed (ObserveQueue); the service does not
// guess from a message's absence. The one exception is an admission that
// fails (AdmitUserMessage returns an error, times out or is cancelled):
// whether the host queued the message is then unknown, so the service
// keeps nothing pending and asks the host (ListInFlight) before it next
// decides about the surface, adopting the message if the host holds it. Every admission exit on the host must
// therefore produce one of those reports, or the surface stays disabled
// until the plugin restarts.
//
// Submit, Dismiss and GetActive are single-flight per session: one mutex
// per session is held across that session's host calls, and no lock is held across host
// calls for other sessions. Queue observations take only a short-lived
// lock, so a host that reports a claim while an admission is still in
// flight does not deadlock.
//
// Problems a user can fix travel in the responses; a Go error means the
// host could not be reached, or is not configured yet. A refusal's reason
// and its problems' codes are the SDK's words (tasksurface.Reason, Code);
// the one exception is a dismissal the host would not record, answered with
// the host's own reason when it gave one. Refused queue actions are answered
// with a sentence for a person.
package coord
