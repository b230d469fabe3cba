// The browser <-> host RPC of Task Surface, declared once: the `taskSurface` Typert Remote that
// the host half serves (dsh/remote.js) and the browser half calls (client-bundle src/host/rpc.ts).
// Each method lists its arguments in call order (`?` marks an optional one) and the arms of its
// answer, each arm with the discriminating key and value and the other keys it carries.
// The host-shim README's table, the Remote class and the browser client are checked against
// this declaration by tests; change it here first.
//
// This file is plain data with no imports so that the browser bundle can include it.

/** The Remote's namespace: calls go to `/api` as `taskSurface/<method>`. */
export const RPC_NAMESPACE = 'taskSurface'

/**
 * The methods, in the order the README lists them.
 * @type {ReadonlyArray<{name: string, args: ReadonlyArray<string>, answers: ReadonlyArray<{when: Readonly<Record<string, boolean>>, keys: ReadonlyArray<string>}>}>}
 */
export const RPC_METHODS = Object.freeze([
  Object.freeze({
    name: 'getActive',
    args: Object.freeze(['sessionId', 'surfaceId?', 'known?']),
    answers: Object.freeze([
      Object.freeze({ when: Object.freeze({ active: true }), keys: Object.freeze(['callId', 'surfaceId', 'model', 'markdown', 'pending', 'limits']) }),
      Object.freeze({ when: Object.freeze({ active: false }), keys: Object.freeze(['reason']) }),
    ]),
  }),
  Object.freeze({
    name: 'check',
    args: Object.freeze(['sessionId', 'surfaceId', 'values', 'note?']),
    answers: Object.freeze([
      Object.freeze({ when: Object.freeze({ checked: true }), keys: Object.freeze(['problems', 'unanswered']) }),
      Object.freeze({ when: Object.freeze({ checked: false }), keys: Object.freeze(['reason', 'problems']) }),
    ]),
  }),
  Object.freeze({
    name: 'submit',
    args: Object.freeze(['sessionId', 'surfaceId', 'submissionId', 'values', 'note?']),
    answers: Object.freeze([
      Object.freeze({ when: Object.freeze({ accepted: true }), keys: Object.freeze(['messageId', 'phase']) }),
      Object.freeze({ when: Object.freeze({ accepted: false }), keys: Object.freeze(['reason', 'problems']) }),
    ]),
  }),
  Object.freeze({
    name: 'dismiss',
    args: Object.freeze(['sessionId', 'surfaceId', 'dismissalId']),
    answers: Object.freeze([
      Object.freeze({ when: Object.freeze({ dismissed: true }), keys: Object.freeze(['eventSeq']) }),
      Object.freeze({ when: Object.freeze({ dismissed: false }), keys: Object.freeze(['reason', 'problems']) }),
    ]),
  }),
])

/** The keys of a pending submission in a getActive answer. */
export const RPC_PENDING_KEYS = Object.freeze(['submissionId', 'messageId', 'phase'])

/** The keys of one problem in a refusal or a check. */
export const RPC_PROBLEM_KEYS = Object.freeze(['code', 'message', 'pointer'])
