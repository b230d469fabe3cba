package tool

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Opened is the model-facing text of a successful call: it names the surface
// and, as the design note asks, says that an ordinary message bypasses it when
// the client cannot render the panel (a client without Task Surface shows this
// text as the result). (Written by concatenation: it is on every call's path,
// and %q is strconv.Quote.)
func Opened(title, surfaceID string) string {
	return "Task Surface " + strconv.Quote(title) + " (" + surfaceID + ") is open for the user. This turn ends here: " +
		"the user's submission arrives as their next message. " +
		"If they answer with an ordinary message instead, as they must when their client cannot render the panel, " +
		"the surface is bypassed and closed. " +
		"Do not restate the panel in prose."
}

// InvalidModel is the model-facing text of a call whose model has
// problems: every problem with its JSON Pointer, so the model can fix the
// call in one retry; identical problems at sibling pointers are one line
// that counts them (foldRepeats).
func InvalidModel(problems []tasksurface.Problem) string {
	var b strings.Builder
	b.WriteString("show_task_surface was not shown: the model is invalid. Fix these and call it again.\n")
	b.WriteString("Each line is a JSON Pointer into `model`, then the problem:\n")
	for _, p := range foldRepeats(problems) {
		ptr := p.Pointer
		if ptr == "" {
			ptr = "(root)"
		}
		fmt.Fprintf(&b, "- %s: %s%s [%s]\n", ptr, p.Message, p.also(), p.Code)
	}
	return strings.TrimRight(b.String(), "\n")
}

// SurfaceOpen is the model-facing text of a call made while another surface
// is open.
func SurfaceOpen(surfaceID string) string {
	return fmt.Sprintf("show_task_surface was not shown: Task Surface %s is still open in this session. "+
		"Only one can be open at a time. Wait for the user's submission, which arrives as their next message; "+
		"the user may also dismiss it, or answer with an ordinary message, which closes it.", surfaceID)
}

// NestedCall is the model-facing text of a call made from inside another
// call (code mode).
const NestedCall = "show_task_surface was not shown: it cannot be called from inside another tool call (run_code). " +
	"Call show_task_surface directly, as a top-level tool call."

// UnsupportedMode is the model-facing text of a call in a presentation mode
// the tool is not offered in: code mode, or a mode no harness declares.
const UnsupportedMode = "show_task_surface was not shown: it is available only as a direct tool call, not in code mode or any other mode. " +
	"Call it directly as a top-level tool call in native mode."
