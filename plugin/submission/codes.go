package submission

import "github.com/dsh-community/task-surface/plugin/model"

// Problem codes reported by Validate. Each is stable: a client or test may
// match on it. Codes shared with the model parser have the same spelling.
const (
	// CodeLimitExceeded means the values document and the note together are
	// larger than Limits.MaxSubmissionBytes. Nothing else is checked.
	CodeLimitExceeded = model.CodeLimitExceeded
	// CodeInvalidJSON means the values document is not one JSON value.
	CodeInvalidJSON = model.CodeInvalidJSON
	// CodeTooDeep means the values document nests arrays and objects deeper
	// than MaxDepth.
	CodeTooDeep = model.CodeTooDeep
	// CodeDuplicateKey means an object in the values document repeats a
	// key.
	CodeDuplicateKey = model.CodeDuplicateKey
	// CodeWrongType means a value has the wrong JSON type for its field, or
	// the document is not an object.
	CodeWrongType = model.CodeWrongType
	// CodeForbiddenCharacter means a text value, the note or a key holds a
	// character that model.CheckText refuses (controls, bidi controls,
	// invalid UTF-8, lone surrogates).
	CodeForbiddenCharacter = model.CodeForbiddenCharacter
	// CodeUnknownField means a key names no field of the model.
	CodeUnknownField = "unknown-field"
	// CodeNotAnOption means a choice, multi-choice or order value names no
	// option of its field.
	CodeNotAnOption = "not-an-option"
	// CodeDuplicateOption means a multi-choice value lists an option twice.
	CodeDuplicateOption = "duplicate-option"
	// CodeNotAPermutation means an order value does not list every option
	// exactly once.
	CodeNotAPermutation = "not-a-permutation"
	// CodeRequired means a required text field is empty or blank.
	CodeRequired = "required"
	// CodeTooManyProblems ends a list that was cut at MaxProblems.
	CodeTooManyProblems = model.CodeTooManyProblems
)

// NotePointer is the pointer of problems about the note. The note travels
// beside the values document, not inside it; "/note" is a convention, and
// a field whose id is "note" shares it (the message says which is meant).
const NotePointer = "/note"

// MaxProblems is the most problems Validate reports before a final
// too-many-problems entry.
const MaxProblems = 50

// MaxDepth is the deepest nesting of arrays and objects the values document
// may have; a valid document needs 2.
const MaxDepth = 16
