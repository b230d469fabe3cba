// The component-test page: the client bundle's own modules (not copies) with React 18.3.1
// from npm, exposed on window.TS for tests that run in Chromium.
import * as React from 'react'
import { createElement, useState } from 'react'
import * as jsxRuntime from 'react/jsx-runtime'
import * as ReactDOM from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { boundsOf, shownIds, type Bounds } from '../../../client-bundle/src/fields/when.ts'
import { safeHref, sanitizeHtml } from '../../../client-bundle/src/safety/sanitize.ts'
import { lineDiff } from '../../../client-bundle/src/blocks/lineDiff.ts'
import { createDraftStore, LEGACY_PREFIX, dropLegacyDrafts } from '../../../client-bundle/src/storage/drafts.ts'
import { readMeta, readModel } from '../../../client-bundle/src/model.ts'
import { problemsByField, sizeProblems, type Problem, type Value } from '../../../client-bundle/src/values.ts'
import { answerOf, FieldView, fieldProblems, initialValues, mergeDraft, type Field } from '../../../client-bundle/src/fields/kinds.ts'
import { TContext } from '../../../client-bundle/src/i18n.ts'
import { fallbackT, format, zh } from '../../../client-bundle/src/locales.ts'
import { TaskSurfaceRow } from '../../../client-bundle/src/row/Row.tsx'
import { installStyles } from '../../../client-bundle/src/styles.ts'
import { focusField } from '../../../client-bundle/src/dock/focus.ts'

let root: Root | null = null

/** Render the transcript row with a block, a projection value and the session's loaded
 * conversation (`nodes`), synchronously. */
function renderRow(block: unknown, projection: unknown, container: HTMLElement, nodes: unknown[] = [], Row: unknown = TaskSurfaceRow): void {
  root?.unmount()
  root = createRoot(container)
  const props = {
    sessionId: 'session-test', callId: (block as { callId: string }).callId, toolName: 'show_task_surface', block,
    useProjection: () => projection,
    useSession: <S,>(sel: (s: object) => S) => sel({ nodes }),
  }
  flushSync(() => root!.render(createElement(Row as never, props as never)))
}

/** Render the row of a surface submitted with `values`: its outcome in the projection and the
 * user message that carries them (seq 9) in the conversation. */
function renderSubmittedRow(block: { callId: string; meta: { surfaceId: string } }, values: unknown, container: HTMLElement): void {
  const { callId, meta: { surfaceId } } = block
  renderRow(block, { active: null, outcomes: [{ callId, surfaceId, outcome: 'submitted', seq: 9 }] }, container,
    [{ kind: 'user', seq: 9, source: { kind: 'user', taskSurface: { version: 1, submissionId: 'tss_1', callId, surfaceId, values } } }])
}

/** The row component a built client file (dist/client.js as the Loader runs it) registers, its
 * factory given the page's React and a stand-in for the rest of dsh's context. */
function rowOfBundle(text: string): unknown {
  let factory: ((require: (name: string) => unknown) => { apply: (ctx: unknown) => void }) | undefined
  ;(window as unknown as { __ModuleLoader__: unknown }).__ModuleLoader__ = { load: (m: { factory: typeof factory }) => { factory = m.factory } }
  new Function(text)()
  const page: Record<string, unknown> = { react: React, 'react/jsx-runtime': jsxRuntime, 'react-dom': ReactDOM, '@deepseek-ai/dsh-client-runtime/client': { defineStore: (s: unknown) => s } }
  let row: unknown
  factory!((name) => page[name]).apply({
    effect: (f: () => unknown) => f(), locale: { register: () => () => {} }, connection: {},
    slots: { inject: (_: string, f: () => unknown) => f(), register: (entry: { name: string }, C: unknown) => { if (entry.name === 'tool.call.toolview') row = C; return () => {} } },
  })
  return row
}

/** One field's control with its value kept as the Dock keeps it; the latest value is in
 * window.TS.fieldValue. `lang: 'zh'` draws the chrome in Chinese; `problems` are shown at it. */
function FieldHarness({ field, initial, lang, problems = [], bounds }: { field: Field; initial: Value; lang?: string; problems?: Problem[]; bounds?: Bounds }) {
  const [value, setValue] = useState<Value>(initial)
  ;(window as unknown as { TS: { fieldValue: Value } }).TS.fieldValue = value
  const t = lang === 'zh' ? (key: string, params?: Record<string, unknown>) => format(zh[key] ?? key, params) : fallbackT
  return (
    <TContext.Provider value={t}>
      <div className="tsf-dock" data-task-surface-dock="">
        <FieldView id="cf" field={field} value={value} onChange={setValue} disabled={false} problems={problems} bounds={bounds} />
        <button type="button" id="after">after</button>
      </div>
    </TContext.Provider>
  )
}

/** Render one field's control, synchronously. */
function renderField(field: Field, initial: Value, container: HTMLElement, lang?: string, problems?: Problem[], bounds?: Bounds): void {
  root?.unmount()
  root = createRoot(container)
  flushSync(() => root!.render(createElement(FieldHarness, { field, initial, lang, problems, bounds })))
}

Object.assign(window, {
  TS: {
    safeHref, sanitizeHtml, lineDiff, createDraftStore, LEGACY_PREFIX, dropLegacyDrafts, readMeta, readModel, fieldProblems, sizeProblems, mergeDraft, initialValues, problemsByField,
    renderRow, renderSubmittedRow, renderField, rowOfBundle, boundsOf, shownIds, installStyles, focusField, answerOf: (f: Field, v: unknown) => answerOf(f, v, fallbackT), fieldValue: null as Value,
  },
})
