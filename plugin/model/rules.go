package model

import (
	"math"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// The model's rules, in one table: the kinds of blocks, fields and
// layouts, the keys of every object, their JSON types, the bounds of their
// strings and arrays, the id pattern and what an initial value must be.
// The semantic checks (semantic.go) read the shapes (which strings must
// show something), the initial rules and the reserved ids, and
// TestRulesMatchTheSchema holds schema.json, the JSON Schema the tool
// publishes and jsonschema/v5 checks, to them key by key.

// unlimited is the upper bound of a string or array the schema does not
// bound (a configured limit may still apply).
const unlimited = math.MaxInt32

// bounds is an inclusive range: of code points for a string, of items for
// an array.
type bounds struct {
	min, max int
}

// Text bounds shared by several keys.
var (
	// labelText bounds a label: a title, a field, option, column or
	// metric label.
	labelText = bounds{1, 200}
	// detailText bounds a metric's or an option's detail.
	detailText = bounds{0, 1000}
	// anyText is a string without a bound of its own.
	anyText = bounds{0, unlimited}
	// anyCount is an array without a bound of its own.
	anyCount = bounds{0, unlimited}
)

// idPattern is the pattern every section, field, option and column id
// matches; validID implements it.
const idPattern = "^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$"

// maxIDLength is the longest id idPattern allows.
const maxIDLength = 64

// valueType is the JSON type of a key's value, as far as the rules say.
type valueType uint8

const (
	// typeString is a string within the key's size.
	typeString valueType = iota
	// typeID is a string that matches idPattern.
	typeID
	// typeBoolean is true or false.
	typeBoolean
	// typeNumber is a number, one of the key's numbers.
	typeNumber
	// typeStringOrNull is a string within the key's size, or null.
	typeStringOrNull
	// typeEnum is a string, one of the key's words.
	typeEnum
	// typeObject is an object of the key's shape (or union).
	typeObject
	// typeArray is an array within the key's size of items of the key's
	// shape (or union); without either, of strings.
	typeArray
	// typeCells is an array of table rows: objects whose values are
	// strings within the key's cell size, numbers, booleans or null.
	typeCells
	// typeFloat is a number within ±maxMagnitude, or above 0 up to
	// maxMagnitude when the key is positive.
	typeFloat
	// typeInteger is a whole number within the key's size.
	typeInteger
	// typeDate is a string that matches datePattern.
	typeDate
	// typeStringMap is an object whose values are strings.
	typeStringMap
)

// maxMagnitude bounds every number of a number field: beyond it float64
// no longer holds every whole number, and "f" formatting grows long.
const maxMagnitude = 1e15

// datePattern is the pattern of a date key; the semantic checks then
// require a real calendar date.
const datePattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"

// key is one key of an object.
type key struct {
	// name is the key as written.
	name string
	// typ is the JSON type of its value.
	typ valueType
	// size bounds a string's code points or an array's items.
	size bounds
	// required keys must be present.
	required bool
	// numbers are the values a typeNumber may take.
	numbers []int64
	// words are the values a typeEnum may take.
	words []string
	// shape is the shape of an object, or of an array's items.
	shape *shape
	// union is the union of an object, or of an array's items.
	union *union
	// cell bounds the strings of a typeCells row.
	cell bounds
	// item bounds the strings of a typeArray of strings; zero means
	// unbounded.
	item bounds
	// positive makes a typeFloat greater than 0.
	positive bool
	// visible makes a non-empty string hold at least one visible
	// character (see VisiblyEmpty); the semantic checks report a miss as
	// empty.
	visible bool
}

// itemBounds returns the bounds of the strings of a typeArray of strings.
func (k *key) itemBounds() bounds {
	if k.item == (bounds{}) {
		return anyText
	}
	return k.item
}

// shape is an object with a closed set of keys.
type shape struct {
	// keys are the keys it may have, "kind" excluded.
	keys []key
}

// arm is one kind of a union: a shape with a constant "kind".
type arm struct {
	// kind is the value of "kind" that selects the arm.
	kind string
	shape
	// initial says what a field's initial value must be (fields only).
	initial initialRule
}

// union is a set of arms told apart by "kind".
type union struct {
	// noun names what the union chooses: "block", "field" or "layout".
	noun string
	// arms are the kinds, in the schema's order.
	arms []arm
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

// Keys used by several shapes.
var (
	idKey         = key{name: "id", typ: typeID, size: bounds{1, maxIDLength}, required: true}
	labelKey      = key{name: "label", typ: typeString, size: labelText, required: true, visible: true}
	detailKey     = key{name: "detail", typ: typeString, size: detailText}
	optionsKey    = key{name: "options", typ: typeArray, size: bounds{1, 50}, required: true, shape: &optionShape}
	requiredKey   = key{name: "required", typ: typeBoolean}
	helpKey       = key{name: "help", typ: typeString, size: labelText, visible: true}
	countKey      = bounds{1, 50}
	allowOtherKey = key{name: "allowOther", typ: typeBoolean}
	// scaleEnd is a scale's min or max.
	scaleEnd = bounds{-100, 100}
	// tagText bounds one tag.
	tagText = bounds{1, 100}
)

// Defaults the normalised model fills in.
const (
	// defaultScaleMin and defaultScaleMax are a scale's ends.
	defaultScaleMin, defaultScaleMax = 1, 5
	// defaultMaxItems is the most tags a value may hold.
	defaultMaxItems = 10
	// maxScalePoints is the most points a scale may have.
	maxScalePoints = 11
	// maxTextLength bounds a text value's minLength and maxLength.
	maxTextLength = 4000
	// maxMatrixRows and maxMatrixOptions bound a matrix field.
	maxMatrixRows, maxMatrixOptions = 20, 7
)

// optionShape is one option of a choice, multi-choice or order field.
var optionShape = shape{keys: []key{idKey, labelKey, detailKey}}

// metricShape is one item of a metrics block.
var metricShape = shape{keys: []key{
	labelKey,
	{name: "value", typ: typeString, size: bounds{0, 200}, required: true},
	detailKey,
}}

// columnShape is one column of a table, and one row of a matrix field.
var columnShape = shape{keys: []key{idKey, labelKey}}

// submitShape is the submit button.
var submitShape = shape{keys: []key{{name: "label", typ: typeString, size: bounds{1, 80}, required: true, visible: true}}}

// layouts are the layouts of a section.
var layouts = union{noun: "layout", arms: []arm{
	{kind: LayoutStack},
	{kind: LayoutGrid, shape: shape{keys: []key{{name: "columns", typ: typeNumber, numbers: []int64{2, 3}, required: true}}}},
}}

// blocks are the kinds of content block.
var blocks = union{noun: "block", arms: []arm{
	{kind: BlockMarkdown, shape: shape{keys: []key{
		{name: "text", typ: typeString, size: bounds{1, 32768}, required: true},
	}}},
	{kind: BlockMetrics, shape: shape{keys: []key{
		{name: "items", typ: typeArray, size: bounds{1, 16}, required: true, shape: &metricShape},
	}}},
	{kind: BlockTable, shape: shape{keys: []key{
		{name: "columns", typ: typeArray, size: bounds{1, 16}, required: true, shape: &columnShape},
		{name: "rows", typ: typeCells, size: bounds{0, int(tasksurface.DefaultLimits.MaxTableRows)}, required: true, cell: bounds{0, 2000}},
	}}},
	{kind: BlockDiff, shape: shape{keys: []key{
		{name: "path", typ: typeString, size: bounds{0, 1024}},
		{name: "before", typ: typeStringOrNull, size: bounds{0, 32768}, required: true},
		{name: "after", typ: typeString, size: bounds{0, 32768}, required: true},
		{name: "language", typ: typeString, size: bounds{0, 32}},
	}}},
	{kind: BlockNotice, shape: shape{keys: []key{
		{name: "tone", typ: typeEnum, words: []string{ToneNeutral, ToneInfo, ToneWarning}, required: true},
		{name: "text", typ: typeString, size: bounds{1, 2000}, required: true},
	}}},
}}

// fields are the kinds of input field. The semantic checks of the typed
// kinds (bounds that agree, initial values within them, real dates, a
// pattern that compiles) are in typed.go.
var fields = union{noun: "field", arms: []arm{
	{kind: FieldText, shape: shape{keys: []key{
		idKey, labelKey, helpKey,
		{name: "multiline", typ: typeBoolean},
		requiredKey,
		{name: "minLength", typ: typeInteger, size: bounds{0, maxTextLength}},
		{name: "maxLength", typ: typeInteger, size: bounds{1, maxTextLength}},
		{name: "pattern", typ: typeString, size: bounds{1, maxPatternLength}},
		{name: "initial", typ: typeString, size: bounds{0, maxTextLength}},
	}}},
	{kind: FieldChoice, initial: initialOption, shape: shape{keys: []key{
		idKey, labelKey, helpKey, requiredKey, optionsKey, allowOtherKey,
		{name: "initial", typ: typeString, size: anyText},
	}}},
	{kind: FieldMultiChoice, initial: initialOptionSet, shape: shape{keys: []key{
		idKey, labelKey, helpKey, requiredKey, optionsKey, allowOtherKey,
		{name: "minItems", typ: typeInteger, size: countKey},
		{name: "maxItems", typ: typeInteger, size: countKey},
		{name: "initial", typ: typeArray, size: anyCount},
	}}},
	{kind: FieldToggle, shape: shape{keys: []key{
		idKey, labelKey, helpKey,
		{name: "initial", typ: typeBoolean},
	}}},
	{kind: FieldOrder, initial: initialPermutation, shape: shape{keys: []key{
		idKey, labelKey, helpKey, requiredKey, optionsKey,
		{name: "initial", typ: typeArray, size: anyCount},
	}}},
	{kind: FieldNumber, shape: shape{keys: []key{
		idKey, labelKey, helpKey, requiredKey,
		{name: "min", typ: typeFloat},
		{name: "max", typ: typeFloat},
		{name: "step", typ: typeFloat, positive: true},
		{name: "unit", typ: typeString, size: bounds{1, 32}, visible: true},
		{name: "integer", typ: typeBoolean},
		{name: "initial", typ: typeFloat},
	}}},
	{kind: FieldDate, shape: shape{keys: []key{
		idKey, labelKey, helpKey, requiredKey,
		{name: "min", typ: typeDate},
		{name: "max", typ: typeDate},
		{name: "initial", typ: typeDate},
	}}},
	{kind: FieldScale, shape: shape{keys: []key{
		idKey, labelKey, helpKey, requiredKey,
		{name: "min", typ: typeInteger, size: scaleEnd},
		{name: "max", typ: typeInteger, size: scaleEnd},
		{name: "minLabel", typ: typeString, size: labelText, visible: true},
		{name: "maxLabel", typ: typeString, size: labelText, visible: true},
		{name: "initial", typ: typeInteger, size: scaleEnd},
	}}},
	{kind: FieldTags, shape: shape{keys: []key{
		idKey, labelKey, helpKey, requiredKey,
		{name: "maxItems", typ: typeInteger, size: bounds{1, 20}},
		{name: "suggestions", typ: typeArray, size: bounds{0, 50}, item: tagText},
		{name: "initial", typ: typeArray, size: bounds{0, 20}, item: tagText},
	}}},
	{kind: FieldMatrix, initial: initialMatrix, shape: shape{keys: []key{
		idKey, labelKey, helpKey, requiredKey,
		{name: "rows", typ: typeArray, size: bounds{1, maxMatrixRows}, required: true, shape: &columnShape},
		{name: "options", typ: typeArray, size: bounds{2, maxMatrixOptions}, required: true, shape: &optionShape},
		{name: "initial", typ: typeStringMap},
	}}},
}}

// sectionShape is a section of content blocks.
var sectionShape = shape{keys: []key{
	idKey,
	{name: "title", typ: typeString, size: bounds{0, 200}, visible: true},
	{name: "layout", typ: typeObject, union: &layouts},
	{name: "blocks", typ: typeArray, size: bounds{1, unlimited}, required: true, union: &blocks},
}}

// modelShape is TaskSurfaceModelV1. The counts of fields and of a table's
// rows are the default tasksurface.Limits here and in the published
// schema, which the model reads; the plugin validates with the configured
// limits (configuredLimits), and the blocks, counted across sections, only
// there.
var modelShape = shape{keys: []key{
	{name: "version", typ: typeNumber, numbers: []int64{Version}, required: true},
	{name: "title", typ: typeString, size: labelText, required: true, visible: true},
	{name: "description", typ: typeString, size: bounds{0, 2000}},
	{name: "sections", typ: typeArray, size: bounds{0, 64}, required: true, shape: &sectionShape},
	{name: "fields", typ: typeArray, size: bounds{0, int(tasksurface.DefaultLimits.MaxFields)}, union: &fields},
	{name: "submit", typ: typeObject, required: true, shape: &submitShape},
}}

// argumentsShape is the tool's arguments, {"model": ...}.
var argumentsShape = shape{keys: []key{{name: "model", typ: typeObject, required: true, shape: &modelShape}}}

// reservedIDs are the names every JavaScript object inherits from
// Object.prototype that the id pattern does not already exclude. An id is
// also an object key in submitted values, so none of them may be an id.
var reservedIDs = []string{
	"constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
	"toLocaleString", "toString", "valueOf",
}

// armOf returns the arm of u whose kind is kind.
func (u *union) armOf(kind string) (*arm, bool) {
	for i := range u.arms {
		if u.arms[i].kind == kind {
			return &u.arms[i], true
		}
	}
	return nil, false
}

// keyOf returns the key of s named name.
func (s *shape) keyOf(name string) (*key, bool) {
	for i := range s.keys {
		if s.keys[i].name == name {
			return &s.keys[i], true
		}
	}
	return nil, false
}

// validID reports whether s matches idPattern.
func validID(s string) bool { return tasksurface.ValidIDUpTo(s, maxIDLength) }
