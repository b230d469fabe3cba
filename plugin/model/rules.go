package model

// The rules the schema does not state. The schema (schema.json, checked by
// jsonschema/v5) is the one statement of every object's keys, types and
// bounds; what it cannot say is here, for the semantic checks
// (semantic.go, typed.go): which texts must show something, what a
// field's initial value must be beyond its JSON type, and the ids every
// JavaScript object inherits.

// maxIDLength is the longest id the schema's id pattern allows.
const maxIDLength = 64

// datePattern is the schema's pattern of a date key; the semantic checks
// then require a real calendar date.
const datePattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"

// Defaults the normalised model fills in, and bounds of the typed kinds
// the semantic checks word.
const (
	// defaultScaleMin and defaultScaleMax are a scale's ends.
	defaultScaleMin, defaultScaleMax = 1, 5
	// defaultMaxItems is the most tags a value may hold.
	defaultMaxItems = 10
	// maxScalePoints is the most points a scale may have.
	maxScalePoints = 11
	// maxTagLength is the most characters of one tag.
	maxTagLength = 100
)

// visibleTexts are the places of the texts that must show something when
// they are present (see VisiblyEmpty): titles, labels, help and a number's
// unit. "*" stands for every item of an array. A text there that shows
// nothing is an empty problem, as an empty one is from the schema.
var visibleTexts = []string{
	"/title",
	"/submit/label",
	"/sections/*/title",
	"/sections/*/blocks/*/items/*/label",
	"/sections/*/blocks/*/columns/*/label",
	"/fields/*/label",
	"/fields/*/help",
	"/fields/*/unit",
	"/fields/*/minLabel",
	"/fields/*/maxLabel",
	"/fields/*/options/*/label",
	"/fields/*/rows/*/label",
}

// initialRule says what a field's initial value must be beyond its JSON
// type; the semantic checks report a miss as invalid-initial.
type initialRule uint8

const (
	// initialFree is any value of the key's type.
	initialFree initialRule = iota
	// initialOption is one of the field's option ids.
	initialOption
	// initialOptionSet is option ids of the field, each at most once.
	initialOptionSet
	// initialPermutation is every option id of the field, each once.
	initialPermutation
	// initialMatrix maps row ids of the field to its option ids.
	initialMatrix
)

// fieldKinds are the field kinds of version 1 with the rule of their
// initial value; the kinds whose rule is not initialFree have options.
var fieldKinds = map[string]initialRule{
	FieldText: initialFree, FieldToggle: initialFree, FieldNumber: initialFree, FieldDate: initialFree,
	FieldScale: initialFree, FieldTags: initialFree,
	FieldChoice: initialOption, FieldMultiChoice: initialOptionSet, FieldOrder: initialPermutation, FieldMatrix: initialMatrix,
}

// reservedIDs are the names every JavaScript object inherits from
// Object.prototype that the id pattern does not already exclude. An id is
// also an object key in submitted values, so none of them may be an id.
var reservedIDs = []string{
	"constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
	"toLocaleString", "toString", "valueOf",
}
