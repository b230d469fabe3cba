package tasksurface

import "slices"

// Code is the stable, machine-readable kebab-case code of a Problem. The
// model parser, the submission validator and the plugin's request checks
// share one set: a code means the same thing wherever it appears, and the
// message beside it says what exactly is wrong. Codes lists them all.
//
// CodeAdmissionRefused is the one code spelled like a Reason: it marks the
// single Problem that carries the host's explanation in a response whose
// Reason is ReasonAdmissionRefused (see Reason).
type Code string

// Codes of the document a Problem is about: a model (the tool arguments) or
// a submission's values document.
const (
	// CodeInvalidJSON means the input is not one JSON value; the message
	// carries the byte offset.
	CodeInvalidJSON Code = "invalid-json"
	// CodeInvalidArguments means the tool arguments are not exactly
	// {"model": ...}.
	CodeInvalidArguments Code = "invalid-arguments"
	// CodeDuplicateKey means an object repeats a key.
	CodeDuplicateKey Code = "duplicate-key"
	// CodeTooDeep means the input nests arrays and objects too deeply.
	CodeTooDeep Code = "too-deep"
	// CodeLimitExceeded means a configured limit is exceeded: input or
	// normalised size, blocks, fields, table rows, or the size of a
	// submission's values and note together.
	CodeLimitExceeded Code = "limit-exceeded"
	// CodeUnsupportedVersion means version is a number other than 1 or 2.
	CodeUnsupportedVersion Code = "unsupported-version"
	// CodeUnknownKey means an object has a key its kind does not define.
	CodeUnknownKey Code = "unknown-key"
	// CodeUnknownKind means kind names no block, field or layout of this
	// version.
	CodeUnknownKind Code = "unknown-kind"
	// CodeMissing means a required key is absent.
	CodeMissing Code = "missing"
	// CodeWrongType means a value has the wrong JSON type (null included),
	// or a values document is not an object.
	CodeWrongType Code = "wrong-type"
	// CodeInvalidValue means a value has the right type but is not allowed:
	// an enum or const miss, an id that breaks the id pattern, or a number
	// out of range.
	CodeInvalidValue Code = "invalid-value"
	// CodeTooLong means a string is longer than its cap.
	CodeTooLong Code = "too-long"
	// CodeEmpty means a string that must have text is empty.
	CodeEmpty Code = "empty"
	// CodeTooMany means an array has more items than its cap.
	CodeTooMany Code = "too-many"
	// CodeTooFew means an array has fewer items than it needs.
	CodeTooFew Code = "too-few"
	// CodeDuplicateID means an id repeats within its scope.
	CodeDuplicateID Code = "duplicate-id"
	// CodeReservedID means an id is a name JavaScript objects inherit, such
	// as "constructor".
	CodeReservedID Code = "reserved-id"
	// CodeUnknownColumn means a table row has a key that is not a column id.
	CodeUnknownColumn Code = "unknown-column"
	// CodeInvalidInitial means a field's initial value does not fit it.
	CodeInvalidInitial Code = "invalid-initial"
	// CodeForbiddenCharacter means a string, a key or a note holds a
	// control, bidi or invisible character, a lone surrogate, or invalid
	// UTF-8.
	CodeForbiddenCharacter Code = "forbidden-character"
	// CodeTooManyProblems ends a list that was cut at its most problems;
	// the message says how many more there were.
	CodeTooManyProblems Code = "too-many-problems"
	// CodeUnknownField means a key of a values document names no field of
	// the model.
	CodeUnknownField Code = "unknown-field"
	// CodeNotAnOption means a choice, multi-choice or order value names no
	// option of its field.
	CodeNotAnOption Code = "not-an-option"
	// CodeDuplicateOption means a multi-choice value lists an option twice.
	CodeDuplicateOption Code = "duplicate-option"
	// CodeNotAPermutation means an order value does not list every option
	// exactly once.
	CodeNotAPermutation Code = "not-a-permutation"
	// CodeRequired means a required field is unanswered: text that is empty
	// or shows nothing, null, or no tags.
	CodeRequired Code = "required"
	// CodeHidden means a values document holds a value for a field its
	// condition ("when") hides: a hidden field is never sent.
	CodeHidden Code = "hidden"
)

// Codes of a request to the plugin rather than a document in it.
const (
	// CodeInvalidID means a request id (a submission or surface id) is not
	// a valid id.
	CodeInvalidID Code = "invalid-id"
	// CodeAdmissionRefused means the host did not queue the message; the
	// message is the host's reason. It comes only with
	// ReasonAdmissionRefused.
	CodeAdmissionRefused Code = "admission-refused"
	// CodeLimitTooLarge means a configured limit is above the largest the
	// plugin accepts; the default applies instead.
	CodeLimitTooLarge Code = "limit-too-large"
)

// codes lists every code in declaration order.
var codes = [...]Code{
	CodeInvalidJSON, CodeInvalidArguments, CodeDuplicateKey, CodeTooDeep,
	CodeLimitExceeded, CodeUnsupportedVersion, CodeUnknownKey, CodeUnknownKind,
	CodeMissing, CodeWrongType, CodeInvalidValue, CodeTooLong, CodeEmpty,
	CodeTooMany, CodeTooFew, CodeDuplicateID, CodeReservedID, CodeUnknownColumn,
	CodeInvalidInitial, CodeForbiddenCharacter, CodeTooManyProblems,
	CodeUnknownField, CodeNotAnOption, CodeDuplicateOption, CodeNotAPermutation,
	CodeRequired, CodeHidden, CodeInvalidID, CodeAdmissionRefused, CodeLimitTooLarge,
}

// Codes returns every problem code the plugin reports, in declaration
// order.
func Codes() []Code {
	return slices.Clone(codes[:])
}

// Known reports whether c is one of the codes the plugin reports.
func (c Code) Known() bool {
	return slices.Contains(codes[:], c)
}
