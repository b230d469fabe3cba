package tasksurface

import "slices"

// Mode is the tool presentation mode a show_task_surface call arrived in:
// the harness offers a tool natively, from code (run_code), or both.
type Mode string

// The presentation modes. The tool is offered in ModeNative and ModeBoth
// (see ToolDeclaration.Modes); a call in ModeCode, or in a mode not listed
// here, fails with ShowUnsupportedMode.
const (
	// ModeNative means the model called the tool directly. An empty Mode
	// means ModeNative.
	ModeNative Mode = "native"
	// ModeBoth means the harness offers tools natively and from code, and
	// the call was a native one.
	ModeBoth Mode = "both"
	// ModeCode means the call came from code the model ran; such a call is
	// nested and cannot carry presentation metadata to the outer result.
	ModeCode Mode = "code"
)

// Modes returns every presentation mode, in declaration order.
func Modes() []Mode {
	return []Mode{ModeNative, ModeBoth, ModeCode}
}

// Known reports whether m is one of the declared modes.
func (m Mode) Known() bool {
	return slices.Contains(Modes(), m)
}

// OrNative returns m, or ModeNative when m is empty.
func (m Mode) OrNative() Mode {
	if m == "" {
		return ModeNative
	}
	return m
}
