package server

import (
	"context"
	"fmt"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// MaxLimits are the largest limits a host may configure. They keep a
// configured model, with its rendered Markdown, well inside one gRPC
// message and a browser's DOM budget.
var MaxLimits = tasksurface.Limits{
	MaxModelBytes:      1 << 20,
	MaxBlocks:          512,
	MaxFields:          256,
	MaxTableRows:       2000,
	MaxSubmissionBytes: 1 << 20,
}

// Configure sets the limits, refusing any above MaxLimits (the default
// applies instead). A surface's logged metadata is revalidated under
// MaxLimits, so lowering the limits never strands a surface opened before.
func (s *Server) Configure(_ context.Context, req *tasksurface.ConfigureRequest) (*tasksurface.ConfigureResponse, error) {
	limits, problems := clampLimits(req.Limits)
	s.mu.Lock()
	s.limits = limits
	s.mu.Unlock()
	s.coord.SetLimits(limits)
	s.logger.Info("configured", "host", req.HostName,
		"max_model_bytes", limits.MaxModelBytes, "max_blocks", limits.MaxBlocks, "max_fields", limits.MaxFields,
		"max_table_rows", limits.MaxTableRows, "max_submission_bytes", limits.MaxSubmissionBytes)
	return &tasksurface.ConfigureResponse{EffectiveLimits: limits, Problems: problems}, nil
}

func clampLimits(in tasksurface.Limits) (tasksurface.Limits, []tasksurface.Problem) {
	out := in.WithDefaults()
	var problems []tasksurface.Problem
	check := func(name string, got *uint32, max, def uint32) {
		if *got > max {
			problems = append(problems, tasksurface.Problem{
				Code:    tasksurface.CodeLimitTooLarge,
				Message: fmt.Sprintf("%s %d is above the largest allowed, %d; the default %d applies", name, *got, max, def),
				Pointer: "/" + name,
			})
			*got = def
		}
	}
	d := tasksurface.DefaultLimits
	check("maxModelBytes", &out.MaxModelBytes, MaxLimits.MaxModelBytes, d.MaxModelBytes)
	check("maxBlocks", &out.MaxBlocks, MaxLimits.MaxBlocks, d.MaxBlocks)
	check("maxFields", &out.MaxFields, MaxLimits.MaxFields, d.MaxFields)
	check("maxTableRows", &out.MaxTableRows, MaxLimits.MaxTableRows, d.MaxTableRows)
	check("maxSubmissionBytes", &out.MaxSubmissionBytes, MaxLimits.MaxSubmissionBytes, d.MaxSubmissionBytes)
	return out, problems
}
