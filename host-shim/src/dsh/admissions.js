// The browser's submit answered at admission. Once the shim has admitted a submission's message
// (AdmitUserMessage, ./queue.js), the plugin's answer to that Submit is settled: accepted, that
// message id, phase queued (plugin/coord/submit.go answers nothing else after an admission). So
// the Remote (./remote.js) answers the browser then, instead of waiting until the plugin has read
// the admission's answer and sent its own; dsh's start of the turn follows both (./queue.js,
// start). The plugin's Submit still runs to its end, and its answer, when it comes first, is used
// as before.
//
// The queue and the Remote are created apart, so they meet here: the bundle's entry
// (../index.js) makes one table and hands it to both; it is keyed by session and submission id
// and holds only submits in flight.

/** @typedef {{cancel: () => void}} Wait */

/** A table of submits in flight waiting for their admission. */
export function createAdmissions() {
  /** `${sessionId}\0${submissionId}` -> the callbacks of the submits waiting (a retry may overlap). */
  const waiting = new Map()
  const keyOf = (sessionId, submissionId) => `${sessionId}\u0000${submissionId}`

  return {
    /**
     * Wait for the admission of a submission: `onAdmitted` is called with the message id, at
     * once and synchronously inside the admission, so the answer it settles is not queued behind
     * the promise jobs of the turn dsh starts meanwhile. Cancel when the submit ended either way.
     * @param {string} sessionId
     * @param {string} submissionId
     * @param {(messageId: string) => void} onAdmitted
     * @returns {Wait}
     */
    wait(sessionId, submissionId, onAdmitted) {
      const key = keyOf(sessionId, submissionId)
      const set = waiting.get(key) ?? new Set()
      set.add(onAdmitted)
      waiting.set(key, set)
      return {
        cancel() {
          set.delete(onAdmitted)
          if (set.size === 0 && waiting.get(key) === set) waiting.delete(key)
        },
      }
    },

    /**
     * The message of a submission is in dsh's queue (or already was): settle its waiting submits.
     * @param {string} sessionId
     * @param {string|undefined} submissionId
     * @param {string} messageId
     */
    admitted(sessionId, submissionId, messageId) {
      if (!submissionId) return
      for (const onAdmitted of waiting.get(keyOf(sessionId, submissionId)) ?? []) onAdmitted(messageId)
    },
  }
}
