package tasksurface

// Limits bound the size of a model and of a submission. A zero field means
// "use the default".
type Limits struct {
	// MaxModelBytes bounds the normalised model's JSON encoding.
	MaxModelBytes uint32 `json:"maxModelBytes,omitempty"`
	// MaxBlocks bounds the number of content blocks across all sections.
	MaxBlocks uint32 `json:"maxBlocks,omitempty"`
	// MaxFields bounds the number of input fields.
	MaxFields uint32 `json:"maxFields,omitempty"`
	// MaxTableRows bounds the rows of one table block.
	MaxTableRows uint32 `json:"maxTableRows,omitempty"`
	// MaxSubmissionBytes bounds the JSON encoding of submitted values and
	// note together.
	MaxSubmissionBytes uint32 `json:"maxSubmissionBytes,omitempty"`
}

// DefaultLimits are the limits of the design note: 64 KiB model, 64 blocks,
// 32 fields, 200 table rows, 32 KiB submission.
var DefaultLimits = Limits{
	MaxModelBytes:      64 << 10,
	MaxBlocks:          64,
	MaxFields:          32,
	MaxTableRows:       200,
	MaxSubmissionBytes: 32 << 10,
}

// WithDefaults returns l with every zero field replaced by its default.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits
	if l.MaxModelBytes != 0 {
		d.MaxModelBytes = l.MaxModelBytes
	}
	if l.MaxBlocks != 0 {
		d.MaxBlocks = l.MaxBlocks
	}
	if l.MaxFields != 0 {
		d.MaxFields = l.MaxFields
	}
	if l.MaxTableRows != 0 {
		d.MaxTableRows = l.MaxTableRows
	}
	if l.MaxSubmissionBytes != 0 {
		d.MaxSubmissionBytes = l.MaxSubmissionBytes
	}
	return d
}
