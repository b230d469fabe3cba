// Models the browser tests and the benchmark show, beside the examples in examples/surfaces.

/** Markdown that tries every way a model could make the browser fetch or run something. */
export function hostileMarkdownModel(canary) {
  const text = [
    'Before you decide, read the [release notes](' + canary + '/docs) first.',
    '',
    'An image: ![tracking pixel](' + canary + '/pixel.png) and a reference image ![ref pixel][px].',
    '',
    '[px]: ' + canary + '/ref.png',
    '',
    'Raw inline HTML: <img src="' + canary + '/raw.png" onerror="window.__pwned=1"> and <b onclick="window.__pwned=4">bold</b>.',
    '',
    '<script>window.__pwned = 2</script>',
    '',
    '<iframe src="' + canary + '/frame"></iframe>',
    '',
    '<video src="' + canary + '/video.mp4" autoplay></video>',
    '',
    '<style>body { background: url(' + canary + '/style.png) }</style>',
    '',
    'A [script link](javascript:window.__pwned=3) and an autolink <' + canary + '/auto>.',
  ].join('\n')
  return {
    version: 1,
    title: 'Check the release notes',
    sections: [{ id: 'notes', title: 'Notes', blocks: [{ kind: 'markdown', text }] }],
    fields: [{ kind: 'toggle', id: 'read', label: 'I read the notes' }],
    submit: { label: 'Done' },
  }
}

/** A model at every limit: a 200-row table, 64 blocks in all, 32 fields of every kind. */
export function limitsModel() {
  const columns = ['id', 'service', 'owner', 'p99', 'errors', 'healthy'].map((id) => ({ id, label: id.toUpperCase() }))
  const rows = Array.from({ length: 200 }, (_, i) => ({
    id: `svc-${String(i + 1).padStart(3, '0')}`,
    service: `service ${i + 1}`,
    owner: ['payments', 'search', 'identity', 'billing'][i % 4],
    p99: Math.round(((i * 37) % 900) + 20) / 10,
    errors: (i * 7) % 13,
    healthy: i % 5 !== 0,
  }))
  const blocks = [{ kind: 'table', columns, rows }]
  while (blocks.length < 64) {
    const n = blocks.length
    blocks.push(
      n % 4 === 0 ? { kind: 'notice', tone: n % 8 === 0 ? 'warning' : 'info', text: `Notice ${n}: check the rollout of batch ${n}.` }
        : n % 4 === 1 ? { kind: 'metrics', items: [{ label: `Batch ${n}`, value: `${n * 3} ms`, detail: 'p99' }, { label: 'Errors', value: String(n % 7) }] }
          : n % 4 === 2 ? { kind: 'markdown', text: `**Batch ${n}** moved to the new pool; see the *runbook* section ${n} and \`cfg-${n}\`.` }
            : { kind: 'diff', path: `deploy/batch-${n}.yaml`, before: `replicas: ${n}\nimage: v1\n`, after: `replicas: ${n + 2}\nimage: v2\n` },
    )
  }
  const sections = [
    { id: 'table', title: 'Services', blocks: blocks.slice(0, 1) },
    { id: 'grid', title: 'Batches', layout: { kind: 'grid', columns: 3 }, blocks: blocks.slice(1, 31) },
    { id: 'rest', title: 'More', layout: { kind: 'grid', columns: 2 }, blocks: blocks.slice(31) },
  ]
  const options = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((id) => ({ id, label: `Option ${id}`, detail: `about ${id}` }))
  const fields = []
  for (let i = 0; fields.length < 32; i++) {
    const k = i % 5
    const id = `f${i}`
    fields.push(
      k === 0 ? { kind: 'text', id, label: `Text ${i}`, multiline: i % 2 === 0, required: i === 0 }
        : k === 1 ? { kind: 'choice', id, label: `Choice ${i}`, options }
          : k === 2 ? { kind: 'multi-choice', id, label: `Multi ${i}`, options }
            : k === 3 ? { kind: 'toggle', id, label: `Toggle ${i}` }
              : { kind: 'order', id, label: `Order ${i}`, options },
    )
  }
  return { version: 1, title: 'Everything at the limits', description: 'A 200-row table, 64 blocks and 32 fields.', sections, fields, submit: { label: 'Send it all' } }
}
