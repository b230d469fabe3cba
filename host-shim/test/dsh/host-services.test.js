// The Host services the plugin calls: what each takes from its gRPC call.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createHostServices } from '../../src/dsh/host-services.js'

test('AdmitUserMessage hands the queue the rpcId of the call\'s metadata, and none when there is none', async () => {
  const admits = []
  const queue = { admit: async (req, transport) => { admits.push([req.message_id, transport]); return { admitted: true } } }
  const host = createHostServices({ ctx: {}, access: {}, queue, dismissals: {}, projectionKey: () => undefined })
  await host.AdmitUserMessage({ message_id: 'm-1' }, { metadata: { 'tasksurface-rpc-id': 'rpc-7' } })
  await host.AdmitUserMessage({ message_id: 'm-2' }, { metadata: {} })
  assert.deepEqual(admits, [['m-1', { rpcId: 'rpc-7' }], ['m-2', { rpcId: undefined }]])
})
