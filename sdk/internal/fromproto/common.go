package fromproto

import (
	"encoding/json"

	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Problems converts problems.
func Problems(in []*tsproto3.Problem) []tasksurface.Problem {
	if len(in) == 0 {
		return nil
	}
	out := make([]tasksurface.Problem, len(in))
	for i, p := range in {
		out[i] = tasksurface.Problem{Code: tasksurface.Code(p.GetCode()), Message: p.GetMessage(), Pointer: p.GetPointer(), Rule: tasksurface.Rule(p.GetRule())}
		if len(p.GetParams()) > 0 {
			out[i].Params = make(map[tasksurface.Param]string, len(p.GetParams()))
			for k, v := range p.GetParams() {
				out[i].Params[tasksurface.Param(k)] = v
			}
		}
	}
	return out
}

// Limits converts limits.
func Limits(in *tsproto3.Limits) tasksurface.Limits {
	return tasksurface.Limits{
		MaxModelBytes:      in.GetMaxModelBytes(),
		MaxBlocks:          in.GetMaxBlocks(),
		MaxFields:          in.GetMaxFields(),
		MaxTableRows:       in.GetMaxTableRows(),
		MaxSubmissionBytes: in.GetMaxSubmissionBytes(),
	}
}

// raw turns empty bytes into a nil RawMessage, so an absent JSON document
// stays absent instead of becoming an empty, invalid one.
func raw(b []byte) json.RawMessage {
	if len(b) == 0 {
		return nil
	}
	return json.RawMessage(b)
}

// modes converts presentation modes.
func modes(in []string) []tasksurface.Mode {
	if in == nil {
		return nil
	}
	out := make([]tasksurface.Mode, len(in))
	for i, m := range in {
		out[i] = tasksurface.Mode(m)
	}
	return out
}

// words converts strings to one of the contract's word types.
func words[T ~string](in []string) []T {
	if in == nil {
		return nil
	}
	out := make([]T, len(in))
	for i, w := range in {
		out[i] = T(w)
	}
	return out
}
