package model

// The rules the schema does not state. The schema (schema.json, checked by
// jsonschema/v5) is the one statement of every object's keys, types and
// bounds; what it cannot say is here, for the semantic checks
// (semantic.go): which texts must show something and the ids every
// JavaScript object inherits. Each field kind's own rules are in its file
// (field.go).

// maxIDLength is the longest id the schema's id pattern allows.
const maxIDLength = 64

// idPattern is the schema pointer of the id pattern, which a problem words
// by its rules.
const idPattern = "/$defs/id/pattern"

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

// reservedIDs are the names every JavaScript object inherits from
// Object.prototype that the id pattern does not already exclude. An id is
// also an object key in submitted values, so none of them may be an id.
var reservedIDs = []string{
	"constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
	"toLocaleString", "toString", "valueOf",
}
