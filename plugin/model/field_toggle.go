package model

// Toggle is a yes or no (kind "toggle"). Its value is a bool, and false is
// an answer, so it cannot be required: a decision the user must make is
// asked as a required field of two options (askRequired).
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
	b, ok := v.(bool)
	if !ok {
		c.wrongType(f, "true or false", v)
		return nil, false
	}
	return b, true
}

func (Toggle) start(f *Field) any {
	b, _ := f.Initial.(bool)
	return b
}

func (Toggle) unanswered(any) bool { return false }

func (Toggle) needs() string { return "" }

func (Toggle) answer(v any) []string {
	if on, _ := v.(bool); on {
		return []string{yes}
	}
	return []string{no}
}
