package model

// Version is the only model version this package understands.
const Version = 1

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

// Field kinds.
const (
	// FieldText is free text, optionally multiline and required.
	FieldText = "text"
	// FieldChoice is one option out of several.
	FieldChoice = "choice"
	// FieldMultiChoice is any subset of options.
	FieldMultiChoice = "multi-choice"
	// FieldToggle is a boolean.
	FieldToggle = "toggle"
	// FieldOrder is a permutation of options.
	FieldOrder = "order"
	// FieldNumber is a number, optionally bounded, stepped and whole.
	FieldNumber = "number"
	// FieldDate is a calendar date written YYYY-MM-DD.
	FieldDate = "date"
	// FieldScale is a whole-number rating from Min to Max (at most 11
	// points).
	FieldScale = "scale"
	// FieldTags is a short list of distinct free strings.
	FieldTags = "tags"
	// FieldMatrix is one choice per row from one shared list of options.
	FieldMatrix = "matrix"
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
	// Version is always 1.
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

// Field is one input; Kind selects which other fields apply.
type Field struct {
	// Kind is one of the Field* kinds.
	Kind string
	// ID is unique within the model and keys the submitted value.
	ID string
	// Label is the field's accessible name.
	Label string
	// Help is a sentence shown under the label, or "".
	Help string
	// Multiline makes a text field a text area (text).
	Multiline bool
	// Required makes the answer non-empty: text, number, date, scale and
	// tags answered, a choice chosen, at least one option (and MinItems)
	// of a multi-choice, an order the user confirmed or changed, every row
	// of a matrix.
	Required bool
	// Options are the choices (choice, multi-choice, order, matrix).
	Options []Option
	// Rows are the matrix's rows, each answered with one of Options
	// (matrix).
	Rows []Column
	// MinItems is the fewest options a non-empty multi-choice answer
	// holds, or 0 (multi-choice).
	MinItems int
	// AllowOther lets the user answer a choice or multi-choice in their
	// own words besides the options (choice, multi-choice).
	AllowOther bool
	// MinLength and MaxLength bound a non-empty text value in code points;
	// 0 means no bound (text).
	MinLength, MaxLength int
	// Pattern is an RE2 expression the whole of a non-empty text value
	// must match, or "" (text); see TextPattern.
	Pattern string
	// Min and Max bound a number or a scale, or are nil (number). A parsed
	// scale always has both: 1 and 5 unless the model says otherwise.
	Min, Max *float64
	// Step is the distance between allowed numbers from Min (or 0), or nil
	// (number).
	Step *float64
	// Unit is shown after a number, such as "ms" (number).
	Unit string
	// Integer allows whole numbers only (number).
	Integer bool
	// MinDate and MaxDate bound a date ("YYYY-MM-DD"), or are "" (date).
	MinDate, MaxDate string
	// MinLabel and MaxLabel name the two ends of a scale, or are ""
	// (scale).
	MinLabel, MaxLabel string
	// MaxItems is the most tags a value may hold; a parsed tags field
	// always has it, 10 unless the model says otherwise (tags). For a
	// multi-choice, the most options an answer holds, or 0.
	MaxItems int
	// Suggestions are tags offered to the user (tags).
	Suggestions []string
	// Initial is the starting value, or nil: a string (text, choice,
	// date), a []string (multi-choice, order, tags), a bool (toggle), a
	// float64 (number, scale) or a map[string]string of row ids to option
	// ids (matrix).
	Initial any
}

// Option is one choice.
type Option struct {
	// ID keys the option in submitted values.
	ID string `json:"id"`
	// Label is the option's text.
	Label string `json:"label"`
	// Detail is optional supporting text.
	Detail string `json:"detail,omitempty"`
}
