package problem

// Problem codes reported by model.Parse, model.ParseArguments and
// submission.Validate. Each is stable: a client or test may match on it.
// This block is the only definition of each code.
const (
	// CodeInvalidJSON means the input is not one JSON value; the message
	// carries the byte offset.
	CodeInvalidJSON = "invalid-json"
	// CodeInvalidArguments means the tool arguments are not exactly
	// {"model": ...}.
	CodeInvalidArguments = "invalid-arguments"
	// CodeDuplicateKey means an object repeats a key.
	CodeDuplicateKey = "duplicate-key"
	// CodeTooDeep means the input nests arrays and objects too deeply.
	CodeTooDeep = "too-deep"
	// CodeLimitExceeded means a configured limit is exceeded: the model's
	// input or normalised size, blocks, fields or table rows, or the size
	// of a submission.
	CodeLimitExceeded = "limit-exceeded"
	// CodeUnsupportedVersion means version is a number other than 1.
	CodeUnsupportedVersion = "unsupported-version"
	// CodeUnknownKey means an object has a key its kind does not define.
	CodeUnknownKey = "unknown-key"
	// CodeUnknownKind means kind names no block, field or layout of
	// version 1.
	CodeUnknownKind = "unknown-kind"
	// CodeMissing means a required key is absent.
	CodeMissing = "missing"
	// CodeWrongType means a value has the wrong JSON type (null included),
	// or a values document is not an object.
	CodeWrongType = "wrong-type"
	// CodeInvalidValue means a value has the right type but is not allowed:
	// an enum or const miss, an id that breaks the id pattern, or a number
	// out of range.
	CodeInvalidValue = "invalid-value"
	// CodeTooLong means a string is longer than its cap.
	CodeTooLong = "too-long"
	// CodeEmpty means a string that must have text is empty.
	CodeEmpty = "empty"
	// CodeTooMany means an array has more items than its cap.
	CodeTooMany = "too-many"
	// CodeTooFew means an array has fewer items than it needs.
	CodeTooFew = "too-few"
	// CodeDuplicateID means an id repeats within its scope.
	CodeDuplicateID = "duplicate-id"
	// CodeReservedID means an id is a name JavaScript objects inherit, such
	// as "constructor".
	CodeReservedID = "reserved-id"
	// CodeUnknownColumn means a table row has a key that is not a column id.
	CodeUnknownColumn = "unknown-column"
	// CodeInvalidInitial means a field's initial value does not fit it.
	CodeInvalidInitial = "invalid-initial"
	// CodeForbiddenCharacter means a string holds a control, bidi or
	// invisible character, invalid UTF-8 or a lone surrogate.
	CodeForbiddenCharacter = "forbidden-character"
	// CodeUnknownField means a key of a values document names no field of
	// the model.
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
	// CodeTooManyProblems ends a list that was cut at MaxListed.
	CodeTooManyProblems = "too-many-problems"
)
