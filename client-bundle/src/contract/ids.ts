// The contract's ids as distinct types (the note's TaskSurfaceId, TaskSurfaceSubmissionId and
// TaskSurfaceDismissalId; the Go SDK's tasksurface.SurfaceID, SubmissionID and DismissalID).
// Each is a string at run time; the brand only keeps one kind of id from being passed where
// another is expected. Ids enter the client in one place each: read from the host's answers and
// the projection (asX), or minted for an attempt (host/ids.ts).

declare const brand: unique symbol

/** A string that the type checker keeps apart from other strings and other brands. */
type Branded<Name extends string> = string & { readonly [brand]: Name }

/** The id of one Task Surface (the tool call's surface). */
export type TaskSurfaceId = Branded<'TaskSurfaceId'>
/** The id of one submission attempt, reused on every retry of it. */
export type SubmissionId = Branded<'SubmissionId'>
/** The id of one dismissal attempt, reused on every retry of it. */
export type DismissalId = Branded<'DismissalId'>

/** A surface id read from the host or the projection. */
export const asTaskSurfaceId = (id: string): TaskSurfaceId => id as TaskSurfaceId
/** A submission id read from the host. */
export const asSubmissionId = (id: string): SubmissionId => id as SubmissionId
/** A dismissal id read from the host. */
export const asDismissalId = (id: string): DismissalId => id as DismissalId
