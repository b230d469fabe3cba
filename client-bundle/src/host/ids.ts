// Client-minted ids for one submission or dismissal attempt. They match the host's id
// pattern (^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$) and use getRandomValues, which, unlike
// randomUUID, also exists when the page is served over plain http from another host.

import { asDismissalId, asSubmissionId, type DismissalId, type SubmissionId } from '../contract/ids.ts'

function hex(bytes: number): string {
  const b = new Uint8Array(bytes)
  crypto.getRandomValues(b)
  let s = ''
  for (const x of b) s += x.toString(16).padStart(2, '0')
  return s
}

/** A new submission id, minted once per attempt and reused on every retry of it. */
export const newSubmissionId = (): SubmissionId => asSubmissionId('tss_' + hex(12))

/** A new dismissal id, minted once per attempt and reused on every retry of it. */
export const newDismissalId = (): DismissalId => asDismissalId('tsd_' + hex(12))
