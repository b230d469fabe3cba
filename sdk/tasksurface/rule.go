package tasksurface

import "slices"

// Rule names the rule of its field a submitted value breaks, beside the
// Problem's Code: a value problem of a submission or a check carries its
// Rule and the rule's Params. The plugin words every value problem once per
// rule, the same sentence for the live check and for Submit: Message is in
// the locale the request asks for (CheckRequest.Locale, SubmitRequest.Locale:
// "zh", else English, the sentence the model and hosts that ask for nothing
// read); a client may word Rule and Params itself instead. Problems of a
// model, and of a value that no rule of its field explains (a wrong JSON
// type, an unknown field), have no Rule.
type Rule string

// Rules of a number (or a scale's point): Params hold value and what the
// rule names.
const (
	// RuleBelowMin means a number is below the field's minimum (param min),
	// or a scale's point below its first (min).
	RuleBelowMin Rule = "below-min"
	// RuleAboveMax means a number is above the field's maximum (param max),
	// or a scale's point above its last (max).
	RuleAboveMax Rule = "above-max"
	// RuleNotWhole means a whole-number field (or a scale) got a fraction;
	// below and above are the nearest allowed values, each when there is
	// one.
	RuleNotWhole Rule = "not-whole"
	// RuleOffStep means a number is not base plus a whole number of steps
	// (params base, step); below and above are the nearest allowed values,
	// each when there is one.
	RuleOffStep Rule = "off-step"
	// RuleOutOfRange means a number is beyond what any field takes, ±1e15
	// (param limit).
	RuleOutOfRange Rule = "out-of-range"
)

// Rules of a date: Params hold value and what the rule names.
const (
	// RuleBeforeMin means a date is before the field's earliest (param
	// min).
	RuleBeforeMin Rule = "before-min"
	// RuleAfterMax means a date is after the field's latest (param max).
	RuleAfterMax Rule = "after-max"
	// RuleNotADate means a string is not a real calendar date written
	// YYYY-MM-DD; min and max are the field's window, each when it has one.
	RuleNotADate Rule = "not-a-date"
)

// Rules of a text, a tag or the user's own answer, and of a list of tags
// or chosen options.
const (
	// RuleTooShort means a text has fewer characters (param count) than
	// the field's minLength (min).
	RuleTooShort Rule = "too-short"
	// RuleTooLong means a text, a tag or the user's own answer has more
	// characters (param count) than it may (max).
	RuleTooLong Rule = "too-long"
	// RulePattern means a text does not match the field's pattern (param
	// pattern, the expression, which a person is better told by the field's
	// help or an example than shown).
	RulePattern Rule = "pattern"
	// RuleTooFew means fewer options are chosen (param count) than the
	// field's minItems (min).
	RuleTooFew Rule = "too-few"
	// RuleTooMany means more options are chosen, or more tags given (param
	// count), than the field takes (max).
	RuleTooMany Rule = "too-many"
	// RuleRepeated means a tag is listed twice (param value).
	RuleRepeated Rule = "repeated"
	// RuleBlank means a tag or the user's own answer shows nothing (white
	// space or invisible characters only).
	RuleBlank Rule = "blank"
)

// rules lists every rule in declaration order.
var rules = [...]Rule{
	RuleBelowMin, RuleAboveMax, RuleNotWhole, RuleOffStep, RuleOutOfRange,
	RuleBeforeMin, RuleAfterMax, RuleNotADate,
	RuleTooShort, RuleTooLong, RulePattern, RuleTooFew, RuleTooMany, RuleRepeated, RuleBlank,
}

// Rules returns every rule a value problem names, in declaration order.
func Rules() []Rule {
	return slices.Clone(rules[:])
}

// Known reports whether r is one of Rules.
func (r Rule) Known() bool {
	return slices.Contains(rules[:], r)
}

// Param is a key of a Problem's Params. Every value is text: a number as the
// shortest decimal that reads back to it, without an exponent or grouping
// (5000, 0.25; a client formats it in its user's locale), a date as
// YYYY-MM-DD, a count in decimal digits.
type Param string

// The keys of Params.
const (
	// ParamValue is the value submitted: a number or a date as above, a
	// repeated tag as given.
	ParamValue Param = "value"
	// ParamMin is the field's minimum: a number, a date, or a count
	// (minLength, minItems).
	ParamMin Param = "min"
	// ParamMax is the field's maximum: a number, a date, or a count
	// (maxLength, maxItems).
	ParamMax Param = "max"
	// ParamStep is the field's step.
	ParamStep Param = "step"
	// ParamBase is where the grid of steps starts: the field's min, or 0.
	ParamBase Param = "base"
	// ParamBelow is the nearest allowed number below the value.
	ParamBelow Param = "below"
	// ParamAbove is the nearest allowed number above the value.
	ParamAbove Param = "above"
	// ParamCount is how many characters, options or tags the value has.
	ParamCount Param = "count"
	// ParamPattern is the field's pattern, as the model writes it.
	ParamPattern Param = "pattern"
	// ParamLimit is the largest magnitude of any number, 1000000000000000.
	ParamLimit Param = "limit"
	// ParamExample is a text that fits the field's pattern, to show a
	// person: the field's initial text, when it has one and no help.
	ParamExample Param = "example"
	// ParamField is the label of the field whose value is the bound a
	// value breaks (min or max), when the bound names a field.
	ParamField Param = "field"
)

// params lists every param in declaration order.
var params = [...]Param{ParamValue, ParamMin, ParamMax, ParamStep, ParamBase, ParamBelow, ParamAbove, ParamCount, ParamPattern, ParamLimit, ParamExample, ParamField}

// Params returns every key of a Problem's Params, in declaration order.
func Params() []Param {
	return slices.Clone(params[:])
}

// Known reports whether p is one of Params.
func (p Param) Known() bool {
	return slices.Contains(params[:], p)
}
