// Ids and the dismissal command line, with the cases of sdk/tasksurface's dismissargs_test.go and the
// white space Go's strings.Fields splits on.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { parseDismissArgs, validId } from '../../src/wire/command.js'

test('parseDismissArgs reads what tasksurface.ParseDismissArgs reads', () => {
  const cases = [
    ['bare verb means the open surface', 'dismiss', { surfaceId: '', dismissalId: '' }],
    ['surface only', 'dismiss tsf_1', { surfaceId: 'tsf_1', dismissalId: '' }],
    ['surface and dismissal', ' dismiss  tsf_1 d-1 ', { surfaceId: 'tsf_1', dismissalId: 'd-1' }],
    ['what tasksurface.DismissArgs writes', 'dismiss tsf_2 d:2', { surfaceId: 'tsf_2', dismissalId: 'd:2' }],
    ['Go white space', ' dismiss\u2003tsf_a\u205fdis-1 ', { surfaceId: 'tsf_a', dismissalId: 'dis-1' }],
    ['U+180E is no longer white space in Unicode, nor in Go', 'dismiss\u180etsf_a', null],
    ['zero-width space is not white space', 'dismiss\u200btsf_a', null],
    ['empty', '', null],
    ['another verb', 'submit tsf_1', null],
    ['too many words', 'dismiss a b c', null],
    ['invalid surface id', 'dismiss __proto__', null],
    ['invalid dismissal id', 'dismiss tsf_1 <x>', null],
    ['not a string', 42, null],
  ]
  for (const [name, args, want] of cases) assert.deepEqual(parseDismissArgs(args), want, name)
})

test('validId accepts what tasksurface.ValidID accepts', () => {
  const cases = [
    ['a', true], ['tsf_0f3a', true], ['A1.b:c-d_e', true], ['a'.repeat(128), true],
    ['', false], ['_x', false], ['-x', false], ['__proto__', false], ['a b', false], ['é', false],
    ['a/b', false], ['a'.repeat(129), false], ['x\u0000', false], [undefined, false], [7, false],
  ]
  for (const [id, want] of cases) assert.equal(validId(id), want, JSON.stringify(id))
})
