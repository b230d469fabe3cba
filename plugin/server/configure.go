package server

import (
	"context"
	"fmt"
	"time"

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

// recoverTimeout bounds the recovery of the journal after Configure.
const recoverTimeout = time.Minute

// Configure sets the limits, refusing any above MaxLimits (the default
// applies instead), and connects the coordination service to the host.
// With a host it then recovers the journal of accepted submissions in the
// background (coord.Service.Recover): the host is asked only once it has
// this answer.
func (s *Server) Configure(_ context.Context, req *tasksurface.ConfigureRequest) (*tasksurface.ConfigureResponse, error) {
	limits, problems := clampLimits(req.Limits)
	s.mu.Lock()
	s.limits = limits
	s.mu.Unlock()
	s.coord.SetLimits(limits)
	if req.Host != nil {
		s.coord.SetHost(req.Host)
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), recoverTimeout)
			defer cancel()
			if _, err := s.coord.Recover(ctx); err != nil {
				s.logger.Error("cannot recover the journal of accepted submissions", "error", err)
			}
		}()
	}
	s.logger.Info("configured", "host", req.HostName, "host_services", req.Host != nil,
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
