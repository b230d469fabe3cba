package model

// Toggle is a yes or no (kind "toggle"). Its value is a bool, or nil when
// the user never set it (null: the Dock sends it for a toggle nobody touched
// that has no initial value): the message reads "(not answered)" and the
// check counts it unanswered, as the Dock's header does. A values document
// that leaves a toggle out keeps the meaning it always had, its initial
// value or false, so that a document of an older client or another host
// reads as before. false is an answer, so a toggle cannot be required: a
// decision the user must make is asked as a required field of two options
// (askRequired).
type Toggle struct{}

// Words of a toggle's value in the message.
const (
	yes = "yes"
	no  = "no"
)

// Name implements Kind.
func (Toggle) Name() string { return "toggle" }

func (Toggle) read(map[string]any) Kind { return Toggle{} }

func (Toggle) check(*checker) {}

func (Toggle) normalForm(f *Field) any {
	return struct {
		head
		Initial any `json:"initial,omitempty"`
	}{f.head(), f.Initial}
}

func (Toggle) value(f *Field, v any, c valueCheck) (any, bool) {
	if v == nil {
		return nil, true
	}
	b, ok := v.(bool)
	if !ok {
		c.wrongType(f, "true, false or null (not set)", v)
		return nil, false
	}
	return b, true
}

func (Toggle) start(f *Field) any {
	b, _ := f.Initial.(bool)
	return b
}

func (Toggle) unanswered(v any) bool { return v == nil }

func (Toggle) needs() string { return "" }

func (Toggle) answer(v any) []string {
	on, ok := v.(bool)
	switch {
	case !ok:
		return []string{notAnswered}
	case on:
		return []string{yes}
	}
	return []string{no}
}
