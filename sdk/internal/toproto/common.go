package toproto

import (
	"strings"
	"unicode/utf8"

	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Problems converts problems, cleaning their text to valid UTF-8, since
// protobuf refuses invalid UTF-8 in string fields with an unhelpful error.
func Problems(in []tasksurface.Problem) []*tsproto3.Problem {
	if len(in) == 0 {
		return nil
	}
	out := make([]*tsproto3.Problem, len(in))
	for i, p := range in {
		out[i] = &tsproto3.Problem{
			Code:    validUTF8(string(p.Code)),
			Message: validUTF8(p.Message),
			Pointer: validUTF8(p.Pointer),
			Rule:    validUTF8(string(p.Rule)),
		}
		if len(p.Params) > 0 {
			out[i].Params = make(map[string]string, len(p.Params))
			for k, v := range p.Params {
				out[i].Params[validUTF8(string(k))] = validUTF8(v)
			}
		}
	}
	return out
}

// Limits converts limits.
func Limits(in tasksurface.Limits) *tsproto3.Limits {
	return &tsproto3.Limits{
		MaxModelBytes:      in.MaxModelBytes,
		MaxBlocks:          in.MaxBlocks,
		MaxFields:          in.MaxFields,
		MaxTableRows:       in.MaxTableRows,
		MaxSubmissionBytes: in.MaxSubmissionBytes,
	}
}

// validUTF8 returns s with each invalid UTF-8 sequence replaced by U+FFFD,
// as a proto3 string must be; a valid s (nearly every one) is only checked.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// modes converts presentation modes.
func modes(in []tasksurface.Mode) []string {
	if in == nil {
		return nil
	}
	out := make([]string, len(in))
	for i, m := range in {
		out[i] = string(m)
	}
	return out
}

// texts converts one of the contract's word types to strings.
func texts[T ~string](in []T) []string {
	if in == nil {
		return nil
	}
	out := make([]string, len(in))
	for i, w := range in {
		out[i] = string(w)
	}
	return out
}
