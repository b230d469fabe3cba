package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto1"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// DescribeResponse converts a plugin description.
func DescribeResponse(in *tasksurface.Description) *tsproto1.DescribeResponse {
	if in == nil {
		return &tsproto1.DescribeResponse{}
	}
	return &tsproto1.DescribeResponse{
		ApiVersion:    in.APIVersion,
		PluginVersion: in.PluginVersion,
		Tool: &tsproto1.ToolDeclaration{
			Name:                 in.Tool.Name,
			Description:          in.Tool.Description,
			ParametersSchemaJson: in.Tool.ParametersSchema,
			OutputSchemaJson:     in.Tool.OutputSchema,
			Exclusive:            in.Tool.Exclusive,
			Modes:                modes(in.Tool.Modes),
			ConcludesTurn:        in.Tool.ConcludesTurn,
		},
		Projection: &tsproto1.ProjectionDeclaration{
			Key:          in.Projection.Key,
			StateVersion: in.Projection.StateVersion,
			EventTypes:   in.Projection.EventTypes,
		},
		Command: &tsproto1.CommandDeclaration{
			Name:        in.Command.Name,
			Description: in.Command.Description,
			Subcommands: in.Command.Subcommands,
		},
		QueueHooks: &tsproto1.QueueHooksDeclaration{
			Observe:   texts(in.QueueHooks.Observe),
			Veto:      texts(in.QueueHooks.Veto),
			SourceKey: in.QueueHooks.SourceKey,
		},
		DefaultLimits:   Limits(in.DefaultLimits),
		MaxMessageBytes: in.MaxMessageBytes,
	}
}
