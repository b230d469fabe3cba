// The client bundle's modules that run without a page (not copies), built for node by
// components.test.mjs: the Dock editor's state machine, the host RPC client with the
// declaration it is checked against (the browser's copy, which tools/contractgen writes with the
// host shim's), the contract words, the locale dictionaries, and the model's reader with the
// field kinds' values and checks, and which fields a panel shows (the kinds' modules bring React
// along, unused here).
export * from '../../../client-bundle/src/dock/editorState.ts'
export { argsOf, createApi, inLocale, TransportError } from '../../../client-bundle/src/host/rpc.ts'
export { RPC_METHODS, RPC_NAMESPACE, RPC_PENDING_KEYS, RPC_PROBLEM_KEYS } from '../../../client-bundle/src/contract/rpc.gen.ts'
export { Code, Phase, Reason } from '../../../client-bundle/src/contract/words.gen.ts'
export { en, zh } from '../../../client-bundle/src/locales.ts'
export { readModel } from '../../../client-bundle/src/model.ts'
export { answerOf, fieldProblems, initialValues, mergeDraft } from '../../../client-bundle/src/fields/kinds.ts'
export { boundsOf, shownIds, shownValues } from '../../../client-bundle/src/fields/when.ts'
