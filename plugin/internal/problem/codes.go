package problem

import "github.com/dsh-community/task-surface/sdk/tasksurface"

// Problem codes reported by model.Parse, model.ParseArguments and
// submission.Validate: the contract's own words (tasksurface.Code), named
// here once for the plugin's readers. Each is stable: a client or test may
// match on it.
const (
	// CodeInvalidJSON means the input is not one JSON value; the message
	// carries the byte offset.
	CodeInvalidJSON = tasksurface.CodeInvalidJSON
	// CodeInvalidArguments means the tool arguments are not exactly
	// {"model": ...}.
	CodeInvalidArguments = tasksurface.CodeInvalidArguments
	// CodeDuplicateKey means an object repeats a key.
	CodeDuplicateKey = tasksurface.CodeDuplicateKey
	// CodeTooDeep means the input nests arrays and objects too deeply.
	CodeTooDeep = tasksurface.CodeTooDeep
	// CodeLimitExceeded means a configured limit is exceeded: the model's
	// input or normalised size, blocks, fields or table rows, or the size
	// of a submission.
	CodeLimitExceeded = tasksurface.CodeLimitExceeded
	// CodeUnsupportedVersion means version is a number other than 1.
	CodeUnsupportedVersion = tasksurface.CodeUnsupportedVersion
	// CodeUnknownKey means an object has a key its kind does not define.
	CodeUnknownKey = tasksurface.CodeUnknownKey
	// CodeUnknownKind means kind names no block, field or layout of
	// version 1.
	CodeUnknownKind = tasksurface.CodeUnknownKind
	// CodeMissing means a required key is absent.
	CodeMissing = tasksurface.CodeMissing
	// CodeWrongType means a value has the wrong JSON type (null included),
	// or a values document is not an object.
	CodeWrongType = tasksurface.CodeWrongType
	// CodeInvalidValue means a value has the right type but is not allowed:
	// an enum or const miss, an id that breaks the id pattern, or a number
	// out of range.
	CodeInvalidValue = tasksurface.CodeInvalidValue
	// CodeTooLong means a string is longer than its cap.
	CodeTooLong = tasksurface.CodeTooLong
	// CodeEmpty means a string that must have text is empty.
	CodeEmpty = tasksurface.CodeEmpty
	// CodeTooMany means an array has more items than its cap.
	CodeTooMany = tasksurface.CodeTooMany
	// CodeTooFew means an array has fewer items than it needs.
	CodeTooFew = tasksurface.CodeTooFew
	// CodeDuplicateID means an id repeats within its scope.
	CodeDuplicateID = tasksurface.CodeDuplicateID
	// CodeReservedID means an id is a name JavaScript objects inherit, such
	// as "constructor".
	CodeReservedID = tasksurface.CodeReservedID
	// CodeUnknownColumn means a table row has a key that is not a column id.
	CodeUnknownColumn = tasksurface.CodeUnknownColumn
	// CodeInvalidInitial means a field's initial value does not fit it.
	CodeInvalidInitial = tasksurface.CodeInvalidInitial
	// CodeForbiddenCharacter means a string holds a control, bidi or
	// invisible character, invalid UTF-8 or a lone surrogate.
	CodeForbiddenCharacter = tasksurface.CodeForbiddenCharacter
	// CodeUnknownField means a key of a values document names no field of
	// the model.
	CodeUnknownField = tasksurface.CodeUnknownField
	// CodeNotAnOption means a choice, multi-choice or order value names no
	// option of its field.
	CodeNotAnOption = tasksurface.CodeNotAnOption
	// CodeDuplicateOption means a multi-choice value lists an option twice.
	CodeDuplicateOption = tasksurface.CodeDuplicateOption
	// CodeNotAPermutation means an order value does not list every option
	// exactly once.
	CodeNotAPermutation = tasksurface.CodeNotAPermutation
	// CodeRequired means a required field is unanswered: text that is empty
	// or shows nothing (model.VisiblyEmpty), null, or no tags.
	CodeRequired = tasksurface.CodeRequired
	// CodeTooManyProblems ends a list that was cut at MaxListed.
	CodeTooManyProblems = tasksurface.CodeTooManyProblems
)
