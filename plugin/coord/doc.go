// Package coord is the Task Surface coordination service: it decides every
// transaction the browser starts (read the open surface, check answers,
// submit them, dismiss the surface) and follows a submitted message through
// the harness's queue.
//
// The plugin decides and the host acts. The service never calls the host:
// each request carries a tasksurface.Snapshot of the session (the
// projection view, the session's in-flight queue, and the open surface's
// metadata when the service asked for it), and each answer carries the
// decision: the message the host must admit (SubmitResponse.Admit) or the
// dismissal record it must write (DismissResponse.Record). The host carries
// it out at once, re-checking at that moment that the surface is still the
// open one (and, for a submission, that no ordinary user message is queued
// ahead), and reports what it did through ObserveQueue.
//
// The session log is the only durable authority; the projection view is
// its fold. What the service keeps is coordination state, per session and
// in memory, and the next snapshot corrects it:
//
//   - one pending record: the submission or the dismissal in flight for the
//     open surface, from the decision until the host reports its end (a
//     submission committed, discarded, removed or refused; a dismissal
//     recorded or not). A snapshot read after the record's last report
//     that no longer lists its message ends it too, so a lost report cannot
//     hold a surface locked; a snapshot that lists a submission the service
//     does not know (after a plugin restart) is adopted;
//   - the model of the open surface, as the call that opened it answered
//     (Opened), or as the log's metadata holds it (read and revalidated
//     when a request carries it; answers say MetaNeeded when the service
//     holds none);
//   - the last MaxSubmissionRecords accepted submissions and
//     MaxDismissalRecords dismissals of the session, so a retry with the
//     same id answers with the first answer. The projection's outcomes
//     answer the same retries after a plugin restart.
//
// A submission's message id is a pure function of the session, the surface,
// the submission id and the submitted answers (their canonical JSON and the
// note), so the same id reused for other answers is told apart without
// keeping the answers, also from the log after a restart.
//
// Decisions are made one at a time per session (a mutex per session, never
// held across anything but this process's own work), so of a submission and
// a dismissal of one surface the first decided wins and the other is
// refused; the host's check at the moment it acts settles the races the
// plugin cannot see (an ordinary message sent meanwhile).
//
// Problems a user can fix travel in the responses; a Go error means a
// request the host should not have sent (a snapshot without its projection
// view). A refusal's reason and its problems' codes are the SDK's words
// (tasksurface.Reason, Code). Refused queue actions are answered with a
// sentence for a person.
package coord
