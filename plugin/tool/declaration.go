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
	return "Show the user a panel (a Task Surface) for an answer best given in one interaction: " +
		"compare options, reorder a plan, review a table or diff, fill fields. " +
		"It ends this turn; the submission is the user's next message. " +
		"Fields, and what required asks: " + model.RequiredMeaning() + ". " +
		"Titles, labels and options are plain text shown as typed (no Markdown). " +
		"A toggle never set is not answered. " +
		"when shows a field only while the earlier choice, multi-choice or toggle it names is shown and is (or holds) one of is; hidden fields are not sent. " +
		"A number's or date's min or max may be {\"field\": id}, a same-kind field's value once answered. " +
		"An allocation's amounts (whole steps) sum exactly to total. " +
		"Default limits: 64 blocks, 32 fields, 64 KiB, the UTF-8 bytes of the normalised model; lengths count code points. " +
		"No control character but tab and newline (no \\r), no bidi control or direction mark; labels must show visible characters. " +
		"One surface per session. Do not restate the panel in prose. " +
		"For one short blocking question use ask_user_question."
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
