package tool

import (
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Description is what the model reads about the tool: when to use it, the
// kinds of block and field (each field kind says what `required` asks of the
// user, model.RequiredMeaning), the units of the limits and the characters
// refused; the schema says the rest. It is part of the stable prompt
// prefix: the same bytes on every call, changed only with a release note.
func Description() string {
	return "Show the user a structured panel (a Task Surface) and end this turn. " +
		"Use it when the user's answer is best given as one structured interaction: comparing options, " +
		"reordering a plan, reviewing a table or diff, or filling a few related fields. " +
		"The panel appears above the composer; the user's submission arrives as their next message. " +
		"Content blocks: markdown, metrics, table, diff, notice. " +
		"Fields, and what required asks of the user: " + model.RequiredMeaning() + ". " +
		"By default at most 64 blocks, 32 fields and 64 KiB, the UTF-8 bytes of the normalised model (compact JSON, defaults filled in); " +
		"lengths count code points. Texts hold no control character but tab and newline (no \\r), " +
		"no bidi control or direction mark; labels must show visible characters. " +
		"Only one surface can be open per session. Do not restate the panel in prose. " +
		"For one short blocking question use ask_user_question instead."
}

// Modes are the tool presentation modes the tool is offered in. Code mode
// is absent: a call from run_code is nested and cannot carry its
// presentation metadata to the outer result.
var Modes = []tasksurface.Mode{tasksurface.ModeNative, tasksurface.ModeBoth}

// Declaration returns the tool's declaration; its parameter schema is the
// same bytes on every call.
func Declaration() tasksurface.ToolDeclaration {
	return tasksurface.ToolDeclaration{
		Name:             tasksurface.ToolName,
		Description:      Description(),
		ParametersSchema: model.ParametersSchema(),
		OutputSchema:     model.OutputSchema(),
		Exclusive:        true,
		Modes:            append([]tasksurface.Mode(nil), Modes...),
		ConcludesTurn:    true,
	}
}
