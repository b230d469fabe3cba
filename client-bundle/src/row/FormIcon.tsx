// A small form glyph for the transcript row, drawn in SVG so it looks the same in every font.
export function FormIcon() {
  return (
    <svg className="tsf-row__icon" width="14" height="14" viewBox="0 0 14 14" fill="none" aria-hidden focusable="false">
      <rect x="1.5" y="1.5" width="11" height="11" rx="2" stroke="currentColor" strokeWidth="1.3" />
      <path d="M4 5h6M4 7.5h6M4 10h3.5" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
    </svg>
  )
}
