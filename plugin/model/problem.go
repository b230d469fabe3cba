package model

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Problem codes reported by Parse and ParseArguments. Each is stable: a
// client or test may match on it.
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
	// CodeLimitExceeded means a configured limit is exceeded: input or
	// normalised size, blocks, fields or table rows.
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
	// CodeWrongType means a value has the wrong JSON type (null included).
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
	// invisible character, or invalid UTF-8.
	CodeForbiddenCharacter = "forbidden-character"
	// CodeTooManyProblems ends a list that was cut at MaxProblems.
	CodeTooManyProblems = "too-many-problems"
)

// MaxProblems is the most problems Parse reports before a final
// too-many-problems entry.
const MaxProblems = 50

// problems collects findings while a document is parsed.
type problems struct {
	list []tasksurface.Problem
}

// add records one problem.
func (ps *problems) add(code, pointer, format string, args ...any) {
	ps.list = append(ps.list, tasksurface.Problem{
		Code:    tasksurface.Code(code),
		Message: fmt.Sprintf(format, args...),
		Pointer: pointer,
	})
}

// has reports whether a problem with the code is recorded at the pointer.
func (ps *problems) has(pointer string, codes ...string) bool {
	for _, p := range ps.list {
		if p.Pointer == pointer && slices.Contains(codes, string(p.Code)) {
			return true
		}
	}
	return false
}

// finish sorts, deduplicates and caps the problems.
func (ps *problems) finish() []tasksurface.Problem {
	if len(ps.list) == 0 {
		return nil
	}
	list := slices.Clone(ps.list)
	slices.SortStableFunc(list, compareProblems)
	list = slices.CompactFunc(list, func(a, b tasksurface.Problem) bool { return a == b })
	if len(list) > MaxProblems {
		more := len(list) - MaxProblems
		list = append(list[:MaxProblems:MaxProblems], tasksurface.Problem{
			Code:    CodeTooManyProblems,
			Message: fmt.Sprintf("%d more problems are not shown; fix the ones above and call again.", more),
			Pointer: "",
		})
	}
	return list
}

// compareProblems orders problems by pointer (see comparePointers), then
// code, then message.
func compareProblems(a, b tasksurface.Problem) int {
	if c := comparePointers(a.Pointer, b.Pointer); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Code, b.Code); c != 0 {
		return c
	}
	return cmp.Compare(a.Message, b.Message)
}
