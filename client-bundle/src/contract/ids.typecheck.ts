// Checked by `tsc --noEmit` (tests/browser/bundle.test.mjs), never bundled: the brands keep the
// three kinds of id apart. Each @ts-expect-error line must be an error; if a brand were lost,
// the line would compile and tsc would fail on the unused directive.
import type { DismissalId, SubmissionId, TaskSurfaceId } from './ids.ts'
import { asDismissalId, asSubmissionId, asTaskSurfaceId } from './ids.ts'

const takesSubmission = (id: SubmissionId): string => id
const takesDismissal = (id: DismissalId): string => id
const takesSurface = (id: TaskSurfaceId): string => id

export const typecheck = [
  takesSubmission(asSubmissionId('tss_1')),
  takesDismissal(asDismissalId('tsd_1')),
  takesSurface(asTaskSurfaceId('sf_1')),
  // @ts-expect-error a dismissal id is not a submission id
  takesSubmission(asDismissalId('tsd_1')),
  // @ts-expect-error a submission id is not a dismissal id
  takesDismissal(asSubmissionId('tss_1')),
  // @ts-expect-error a surface id is not a submission id
  takesSubmission(asTaskSurfaceId('sf_1')),
  // @ts-expect-error a plain string is not a surface id
  takesSurface('sf_1'),
]
