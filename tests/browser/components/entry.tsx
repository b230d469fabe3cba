// The component-test page: the client bundle's own modules (not copies) with React 18.3.1
// from npm, exposed on window.TS for tests that run in Chromium.
import { createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { flushSync } from 'react-dom'
import { safeHref, sanitizeHtml } from '../../../client-bundle/src/safety/sanitize.ts'
import { lineDiff } from '../../../client-bundle/src/blocks/lineDiff.ts'
import { createDraftStore, DRAFT_PREFIX } from '../../../client-bundle/src/storage/drafts.ts'
import { readMeta, readModel } from '../../../client-bundle/src/model.ts'
import { localProblems, mergeDraft, initialValues, problemsByField } from '../../../client-bundle/src/values.ts'
import { TaskSurfaceRow } from '../../../client-bundle/src/row/Row.tsx'
import { installStyles } from '../../../client-bundle/src/styles.ts'

let root: Root | null = null

/** Render the transcript row with a block and a projection value, synchronously. */
function renderRow(block: unknown, projection: unknown, container: HTMLElement): void {
  root?.unmount()
  root = createRoot(container)
  const props = {
    sessionId: 'session-test', callId: (block as { callId: string }).callId, toolName: 'show_task_surface', block,
    useProjection: () => projection,
    useSession: <S,>(sel: (s: object) => S) => sel({}),
  }
  flushSync(() => root!.render(createElement(TaskSurfaceRow as never, props as never)))
}

Object.assign(window, {
  TS: { safeHref, sanitizeHtml, lineDiff, createDraftStore, DRAFT_PREFIX, readMeta, readModel, localProblems, mergeDraft, initialValues, problemsByField, renderRow, installStyles },
})
