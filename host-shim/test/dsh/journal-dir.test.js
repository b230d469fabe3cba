import { test } from 'node:test'
import assert from 'node:assert/strict'
import { journalDir } from '../../src/dsh/journal-dir.js'

test('the journal folder: as set, else one per dsh home under the user\'s state folder, outside the home', () => {
  const cases = [
    { name: 'set explicitly', env: { TASK_SURFACE_JOURNAL_DIR: '/srv/j', DSH_HOME: '/h/a' }, want: /^\/srv\/j$/ },
    { name: 'the default dsh home', env: {}, want: /^\/home\/u\/\.local\/state\/dsh-task-surface\/[0-9a-f]{16}\/journal$/ },
    { name: 'XDG_STATE_HOME', env: { XDG_STATE_HOME: '/x' }, want: /^\/x\/dsh-task-surface\/[0-9a-f]{16}\/journal$/ },
  ]
  for (const c of cases) assert.match(journalDir(c.env, '/home/u'), c.want, c.name)
  const a = journalDir({ DSH_HOME: '/h/a' }, '/home/u')
  assert.notEqual(a, journalDir({ DSH_HOME: '/h/b' }, '/home/u'), 'two homes, two journals')
  assert.equal(a, journalDir({ DSH_HOME: '/h/a/' }, '/home/u'), 'one home however it is spelled')
  assert.equal(journalDir({}, '/home/u'), journalDir({ DSH_HOME: '/home/u/.dsh' }, '/home/u'), 'the default home is ~/.dsh')
  assert.ok(!a.startsWith('/h/a/'), 'not inside the home dsh watches')
})
