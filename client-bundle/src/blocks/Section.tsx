// One section: an optional heading and its blocks, stacked or in a grid of 2 or 3 columns
// that the stylesheet collapses by the panel's own width (a container query), not the window's.
import { memo } from 'react'
import type { Block, MarkdownMap, Section as SectionModel } from '../model.ts'
import { blockPointer } from '../model.ts'
import { Markdown } from './Markdown.tsx'
import { Metrics } from './Metrics.tsx'
import { Table } from './Table.tsx'
import { Diff } from './Diff.tsx'
import { Notice } from './Notice.tsx'

function BlockView({ block, html }: { block: Block; html: string | undefined }) {
  switch (block.kind) {
    case 'markdown': return <Markdown html={html} text={block.text} />
    case 'metrics': return <Metrics block={block} />
    case 'table': return <Table block={block} />
    case 'diff': return <Diff block={block} />
    case 'notice': return <Notice block={block} />
  }
}

/**
 * A section of the model. Its content depends on the model and the Markdown map alone, which
 * never change for a surface, so it renders once: a keystroke, the lock of a submit or a read of
 * the pending phase re-renders the editor around it, not its tables, diffs and Markdown.
 */
export const Section = memo(function Section({ section, index, markdown, headingLevel }: {
  section: SectionModel
  index: number
  markdown: MarkdownMap
  headingLevel: 3 | 4
}) {
  const grid = section.layout?.kind === 'grid' ? section.layout.columns : 0
  const Heading = `h${headingLevel}` as const
  return (
    <section className="tsf-section" aria-label={section.title || undefined}>
      {section.title ? <Heading className="tsf-section__title">{section.title}</Heading> : null}
      <div className={grid ? `tsf-grid tsf-grid--${grid}` : 'tsf-stack'}>
        {section.blocks.map((block, i) => (
          <div className="tsf-block" key={i} data-kind={block.kind}>
            <BlockView block={block} html={markdown[blockPointer(index, i)]} />
          </div>
        ))}
      </div>
    </section>
  )
})
