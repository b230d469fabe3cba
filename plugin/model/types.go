package model

// Version is the version of a model that uses none of the features of
// VersionInterview; the normalised model states it, so a log of such a model
// replays byte for byte as before.
const Version = 1

// VersionInterview is the version of a model that uses a condition
// ("when"), a bound that names a field, or an allocation field: its
// normalised model states it, so a client that reads version 1 only shows
// its generic fallback rather than a panel that would show hidden questions
// (README.md#versioning). Parse accepts both versions.
const VersionInterview = 2

// Block kinds.
const (
	// BlockMarkdown is Markdown text, rendered by the Markdown policy.
	BlockMarkdown = "markdown"
	// BlockMetrics is a row of labelled values.
	BlockMetrics = "metrics"
	// BlockTable is a table of cells keyed by column id.
	BlockTable = "table"
	// BlockDiff is a before/after text comparison.
	BlockDiff = "diff"
	// BlockNotice is a short message with a tone.
	BlockNotice = "notice"
)

// Layout kinds.
const (
	// LayoutStack stacks blocks vertically; it is the default.
	LayoutStack = "stack"
	// LayoutGrid lays blocks out in 2 or 3 columns that collapse when narrow.
	LayoutGrid = "grid"
)

// Notice tones.
const (
	// ToneNeutral is a plain notice.
	ToneNeutral = "neutral"
	// ToneInfo is an informational notice.
	ToneInfo = "info"
	// ToneWarning is a warning.
	ToneWarning = "warning"
)

// Model is TaskSurfaceModelV1.
type Model struct {
	// Version is Version, or VersionInterview for a model that uses its
	// features (set by Parse from the model, not from the version written).
	Version int `json:"version"`
	// Title names the surface.
	Title string `json:"title"`
	// Description is an optional one-paragraph introduction.
	Description string `json:"description,omitempty"`
	// Sections hold the read-only content blocks.
	Sections []Section `json:"sections"`
	// Fields are the inputs, in order.
	Fields []Field `json:"fields"`
	// Submit labels the submit button.
	Submit Submit `json:"submit"`

	// normalized holds the normalised bytes of a parsed model; nil for a
	// model built by other code.
	normalized []byte
}

// Section is a titled group of blocks with a layout.
type Section struct {
	// ID is unique within the model.
	ID string `json:"id"`
	// Title is optional.
	Title string `json:"title,omitempty"`
	// Layout defaults to a stack.
	Layout Layout `json:"layout"`
	// Blocks are the section's content.
	Blocks []Block `json:"blocks"`
}

// Layout places a section's blocks.
type Layout struct {
	// Kind is LayoutStack or LayoutGrid.
	Kind string `json:"kind"`
	// Columns is 2 or 3 for a grid, 0 for a stack.
	Columns int `json:"columns,omitempty"`
}

// Submit labels the submit button.
type Submit struct {
	// Label is the button's text.
	Label string `json:"label"`
}

// Block is one content block; Kind selects which other fields apply.
type Block struct {
	// Kind is one of the Block* kinds.
	Kind string
	// Text is the Markdown source (markdown) or the message (notice).
	Text string
	// Items are the metrics (metrics).
	Items []Metric
	// Columns are the table's columns (table).
	Columns []Column
	// Rows are the table's rows (table): cells keyed by column id, each a
	// string, a json.Number as written, a bool or nil.
	Rows []map[string]any
	// Path names the file (diff, optional).
	Path string
	// Before is the old text, or nil for a new file (diff).
	Before *string
	// After is the new text (diff).
	After string
	// Language is a syntax hint (diff, optional).
	Language string
	// Tone is one of the Tone* values (notice).
	Tone string
}

// Metric is one labelled value.
type Metric struct {
	// Label names the value.
	Label string `json:"label"`
	// Value is the value as display text.
	Value string `json:"value"`
	// Detail is optional supporting text.
	Detail string `json:"detail,omitempty"`
}

// Column is one table column.
type Column struct {
	// ID keys the column in each row.
	ID string `json:"id"`
	// Label is the column header.
	Label string `json:"label"`
}
