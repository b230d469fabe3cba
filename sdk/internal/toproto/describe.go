package toproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto2"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// DescribeResponse converts a plugin description.
func DescribeResponse(in *tasksurface.Description) *tsproto2.DescribeResponse {
	if in == nil {
		return &tsproto2.DescribeResponse{}
	}
	return &tsproto2.DescribeResponse{
		ApiVersion:    in.APIVersion,
		PluginVersion: in.PluginVersion,
		Tool: &tsproto2.ToolDeclaration{
			Name:                 in.Tool.Name,
			Description:          in.Tool.Description,
			ParametersSchemaJson: in.Tool.ParametersSchema,
			OutputSchemaJson:     in.Tool.OutputSchema,
			Exclusive:            in.Tool.Exclusive,
			Modes:                modes(in.Tool.Modes),
			ConcludesTurn:        in.Tool.ConcludesTurn,
		},
		Projection: &tsproto2.ProjectionDeclaration{
			Key:          in.Projection.Key,
			StateVersion: in.Projection.StateVersion,
			EventTypes:   in.Projection.EventTypes,
		},
		Command: &tsproto2.CommandDeclaration{
			Name:        in.Command.Name,
			Description: in.Command.Description,
			Subcommands: in.Command.Subcommands,
		},
		QueueHooks: &tsproto2.QueueHooksDeclaration{
			Observe:   texts(in.QueueHooks.Observe),
			Veto:      texts(in.QueueHooks.Veto),
			SourceKey: in.QueueHooks.SourceKey,
		},
		DefaultLimits:   Limits(in.DefaultLimits),
		MaxMessageBytes: in.MaxMessageBytes,
	}
}
