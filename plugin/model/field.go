package model

import (
	"slices"
	"strings"

	"github.com/dsh-community/task-surface/plugin/internal/problem"
)

// Field is one input of the model: what every field has, and its Kind,
// which holds the keys of its kind and every rule about them.
type Field struct {
	// Kind is the field's kind with its own keys, such as Matrix{Rows: ...,
	// Options: ...}.
	Kind Kind
	// ID is unique within the model and keys the submitted value.
	ID string
	// Label is the field's accessible name.
	Label string
	// Help is a sentence shown under the label, or "".
	Help string
	// When makes the field conditional, or is nil (always shown); Model.Shown
	// decides.
	When *Condition
	// Required makes an answer necessary; what counts as one is the kind's
	// (Needs, Unanswered).
	Required bool
	// Initial is the starting value, or nil, in the JSON type its kind
	// takes, read as a string, a []string, a bool, a float64 or a
	// map[string]string.
	Initial any
}

// A Kind is one kind of field: its own keys (the fields of the type) and
// every rule about them, from the model's checks to the field's line in the
// submission's message. Each kind is one file, field_<name>.go, and kinds
// lists them; the schema (schema.json) states each kind's keys.
type Kind interface {
	// Name is the kind's name in the model.
	Name() string
	// read returns the kind with its keys read from the decoded field d,
	// defensively: the checks read fields the schema may have refused, and a
	// key of the wrong type is left out.
	read(d map[string]any) Kind
	// check reports what the schema cannot say about the field.
	check(c *checker)
	// normalForm is the field as the normalised model writes it: exactly the
	// keys of its kind, in a fixed order, every default stated.
	normalForm(f *Field) any
	// value checks a submitted value v of f and returns the canonical value,
	// or false after recording the problems at c's pointer.
	value(f *Field, v any, c valueCheck) (any, bool)
	// start is the value of f when a submission leaves it out: its initial
	// value in canonical form, or the kind's value for no answer.
	start(f *Field) any
	// unanswered reports whether a canonical value counts as no answer.
	unanswered(v any) bool
	// needs says what a required field of the kind needs, as an instruction
	// to the user ("choose an option"), or "" when the kind cannot be
	// required.
	needs() string
	// answer is a canonical value in the message: one line, or the lines of
	// an indented block.
	answer(v any) []string
}

// kinds are the field kinds, in the schema's order.
var kinds = []Kind{Text{}, Choice{}, MultiChoice{}, Toggle{}, Order{}, Number{}, Date{}, Scale{}, Tags{}, Matrix{}, Allocation{}}

// kindNamed returns the kind named name.
func kindNamed(name string) (Kind, bool) {
	i := slices.IndexFunc(kinds, func(k Kind) bool { return k.Name() == name })
	if i < 0 {
		return nil, false
	}
	return kinds[i], true
}

// askRequired says what to use for a decision a kind that cannot be
// required would ask.
const askRequired = "ask a decision the user must make as a required choice"

// RequiredMeaning says, for the tool's description, what `required` asks of
// the user in each kind, kinds that need the same named together:
// "enter some text (text); choose an option (a, b); ...; c cannot be
// required (...)".
func RequiredMeaning() string {
	var needs []string
	named := make(map[string][]string)
	var never []string
	for _, k := range kinds {
		n := k.needs()
		switch {
		case n == "":
			never = append(never, k.Name())
		case named[n] == nil:
			needs = append(needs, n)
			fallthrough
		default:
			named[n] = append(named[n], k.Name())
		}
	}
	parts := make([]string, len(needs))
	for i, n := range needs {
		parts[i] = n + " (" + strings.Join(named[n], ", ") + ")"
	}
	out := strings.Join(parts, "; ")
	if len(never) > 0 {
		out += "; " + strings.Join(never, ", ") + " cannot be required (" + askRequired + ")"
	}
	return out
}

// Value checks the submitted value v of f, at the pointer ptr of the values
// document, and returns its canonical value; or false, after recording its
// problems in ps.
func (f *Field) Value(v any, ptr string, ps *problem.List) (any, bool) {
	return f.Kind.value(f, v, valueCheck{ptr: ptr, ps: ps})
}

// Default is the value of f when a submission leaves it out: its initial
// value, in the canonical form of a submitted one, or its kind's value for
// no answer (for some kinds an answer: a toggle's false, an optional
// order's options in their declared order).
func (f *Field) Default() any {
	return f.Kind.start(f)
}

// Unanswered reports whether v, a canonical value of f (as Value or Default
// return it), counts as no answer: the rule of Required, and of the words
// the message uses for no answer.
func (f *Field) Unanswered(v any) bool {
	return f.Kind.unanswered(v)
}

// Needs says what a required answer to f needs, as an instruction to the
// user: "choose an option".
func (f *Field) Needs() string {
	return f.Kind.needs()
}

// Answer is the canonical value v of f as the message shows it: one line,
// or the lines of a block indented under the label. Every line is flat:
// no text of the model or the user can start a line of its own.
func (f *Field) Answer(v any) []string {
	return f.Kind.answer(v)
}
