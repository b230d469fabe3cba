package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// DescribeResponse converts a plugin description.
func DescribeResponse(in *tasksurface.Description) *tsproto3.DescribeResponse {
	if in == nil {
		return &tsproto3.DescribeResponse{}
	}
	return &tsproto3.DescribeResponse{
		ApiVersion:    in.APIVersion,
		PluginVersion: in.PluginVersion,
		Tool: &tsproto3.ToolDeclaration{
			Name:                 in.Tool.Name,
			Description:          in.Tool.Description,
			ParametersSchemaJson: in.Tool.ParametersSchema,
			OutputSchemaJson:     in.Tool.OutputSchema,
			Exclusive:            in.Tool.Exclusive,
			Modes:                modes(in.Tool.Modes),
			ConcludesTurn:        in.Tool.ConcludesTurn,
		},
		Projection: &tsproto3.ProjectionDeclaration{
			Key:          in.Projection.Key,
			StateVersion: in.Projection.StateVersion,
			EventTypes:   in.Projection.EventTypes,
		},
		Command: &tsproto3.CommandDeclaration{
			Name:        in.Command.Name,
			Description: in.Command.Description,
			Subcommands: in.Command.Subcommands,
		},
		QueueHooks: &tsproto3.QueueHooksDeclaration{
			Veto:      texts(in.QueueHooks.Veto),
			SourceKey: in.QueueHooks.SourceKey,
		},
		DefaultLimits:   Limits(in.DefaultLimits),
		MaxMessageBytes: in.MaxMessageBytes,
	}
}
