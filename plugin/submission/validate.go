package submission

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/dsh-community/task-surface/plugin/internal/jsonpointer"
	"github.com/dsh-community/task-surface/plugin/internal/problem"
	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Validate checks a submission of m: values, the JSON object that maps
// field ids to values, and note, the user's optional free text. limits'
// zero fields take their defaults; only MaxSubmissionBytes applies.
//
// It returns the canonical Values (every field, see Values and
// DefaultValue) and no problems, or nil and every problem found, sorted by
// pointer, then code, then message, at most MaxProblems of them plus a
// final too-many-problems. Pointers are into the values document
// ("/fieldId", "/fieldId/2"); problems with the note use NotePointer, and
// problems with the whole document use "".
//
// The size check comes first and alone: when len(values)+len(note)
// exceeds MaxSubmissionBytes, nothing is decoded.
func Validate(m *model.Model, values json.RawMessage, note string, limits tasksurface.Limits) (Values, []tasksurface.Problem) {
	out, _, problems := judge(m, values, note, limits)
	if problems != nil {
		return nil, problems
	}
	return out, nil
}

// Check judges a submission of m as it stands, without sending it: for the
// Dock's check as the user types. It returns the problems Validate would
// (or nil), and the ids of the fields whose value is no answer, as
// Unanswered names them, in the model's order; a field whose value is
// refused is not among them (the user gave an answer, a wrong one). When the
// document itself is refused (over the size limit, not JSON, not an object),
// no value is read and unanswered is nil.
func Check(m *model.Model, values json.RawMessage, note string, limits tasksurface.Limits) (problems []tasksurface.Problem, unanswered []string) {
	out, refused, problems := judge(m, values, note, limits)
	if out == nil {
		return problems, nil
	}
	return problems, unansweredOf(m, out, refused)
}

// judge checks a submission: the values read (every field that was not
// refused, with its canonical or default value; nil when the document is
// refused), the fields whose value was refused, and the problems.
func judge(m *model.Model, values json.RawMessage, note string, limits tasksurface.Limits) (Values, map[string]bool, []tasksurface.Problem) {
	limits = limits.WithDefaults()
	if size := len(values) + len(note); size > int(limits.MaxSubmissionBytes) {
		return nil, nil, []tasksurface.Problem{{
			Code:    tasksurface.CodeLimitExceeded,
			Pointer: "",
			Message: fmt.Sprintf("the values and the note together are %d bytes, more than the limit of %d; shorten the text.", size, limits.MaxSubmissionBytes),
		}}
	}
	if m == nil {
		return nil, nil, []tasksurface.Problem{{Code: tasksurface.CodeWrongType, Pointer: "", Message: "there is no surface model to submit against."}}
	}
	var ps problems
	if ok, reason := model.CheckText(note); !ok {
		ps.Add(tasksurface.CodeForbiddenCharacter, NotePointer, "the note holds %s; remove it.", reason)
	}
	members, isObject, top, fe := strictjson.DecodeMembers(values, readOptions, &ps)
	if fe != nil {
		return nil, nil, []tasksurface.Problem{{Code: fe.Code, Pointer: fe.Pointer, Message: fe.Message}}
	}
	if !isObject {
		ps.Add(tasksurface.CodeWrongType, "", "the values must be a JSON object that maps field ids to values, not %s.", strictjson.TypeName(top))
		return nil, nil, ps.Finish(retry)
	}
	fields := make(map[string]*model.Field, len(m.Fields))
	for i := range m.Fields {
		fields[m.Fields[i].ID] = &m.Fields[i]
	}
	out := make(Values, len(m.Fields))
	present := make(map[string]bool, len(members))
	refused := make(map[string]bool)
	for _, mem := range members {
		present[mem.Key] = true
		ptr := jsonpointer.Append("", mem.Key)
		f, ok := fields[mem.Key]
		if !ok {
			ps.Add(tasksurface.CodeUnknownField, ptr, "%s is not a field of this surface; send only %s.", quote(mem.Key), fieldList(m))
			continue
		}
		if v, ok := f.Value(mem.Value, ptr, &ps); ok {
			out[f.ID] = v
		} else {
			refused[f.ID] = true
		}
	}
	for i := range m.Fields {
		f := &m.Fields[i]
		if !present[f.ID] && !refused[f.ID] {
			out[f.ID] = f.Default()
		}
	}
	// A hidden field is not asked, not required and not sent: a value sent
	// for it is refused, and it leaves the values.
	shown := m.Shown(out)
	for i := range m.Fields {
		f := &m.Fields[i]
		if !shown[f.ID] {
			if present[f.ID] && !dependsOnRefused(m, f, refused) {
				ps.Add(tasksurface.CodeHidden, jsonpointer.Append("", f.ID), "%s is hidden, so leave its value out: %s.", quote(f.Label), m.HiddenReason(f))
			}
			delete(out, f.ID)
			continue
		}
		if f.Required && !refused[f.ID] && f.Unanswered(out[f.ID]) {
			ps.Add(tasksurface.CodeRequired, jsonpointer.Append("", f.ID), "%s is required; %s.", quote(f.Label), f.Needs())
		}
	}
	m.CheckBounds(out, shown, &ps)
	return out, refused, ps.Finish(retry)
}

// dependsOnRefused reports whether f's condition names a field whose value
// was refused (or one that depends on such a field): whether f is shown is
// then not known, and its value is not called hidden.
func dependsOnRefused(m *model.Model, f *model.Field, refused map[string]bool) bool {
	for steps := 0; f != nil && f.When != nil && steps <= len(m.Fields); steps++ {
		if refused[f.When.Field] {
			return true
		}
		f = m.Field(f.When.Field)
	}
	return false
}

// fieldList names the model's field ids for a message.
func fieldList(m *model.Model) string {
	if len(m.Fields) == 0 {
		return "{} (this surface has no fields)"
	}
	ids := make([]string, len(m.Fields))
	for i, f := range m.Fields {
		ids[i] = f.ID
	}
	return problem.Names(ids)
}

// quote quotes a user-supplied string for a message, cut to 40 characters.
func quote(s string) string {
	return strconv.Quote(problem.Abbreviate(s, 40))
}
