package fromproto

import (
	"github.com/dsh-community/task-surface/sdk/internal/tsproto3"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// DescribeResponse converts a plugin description.
func DescribeResponse(in *tsproto3.DescribeResponse) *tasksurface.Description {
	return &tasksurface.Description{
		APIVersion:    in.GetApiVersion(),
		PluginVersion: in.GetPluginVersion(),
		Tool: tasksurface.ToolDeclaration{
			Name:             in.GetTool().GetName(),
			Description:      in.GetTool().GetDescription(),
			ParametersSchema: raw(in.GetTool().GetParametersSchemaJson()),
			OutputSchema:     raw(in.GetTool().GetOutputSchemaJson()),
			Exclusive:        in.GetTool().GetExclusive(),
			Modes:            modes(in.GetTool().GetModes()),
			ConcludesTurn:    in.GetTool().GetConcludesTurn(),
		},
		Projection: tasksurface.ProjectionDeclaration{
			Key:          in.GetProjection().GetKey(),
			StateVersion: in.GetProjection().GetStateVersion(),
			EventTypes:   in.GetProjection().GetEventTypes(),
		},
		Command: tasksurface.CommandDeclaration{
			Name:        in.GetCommand().GetName(),
			Description: in.GetCommand().GetDescription(),
			Subcommands: in.GetCommand().GetSubcommands(),
		},
		QueueHooks: tasksurface.QueueHooksDeclaration{
			Veto:      words[tasksurface.QueueAction](in.GetQueueHooks().GetVeto()),
			SourceKey: in.GetQueueHooks().GetSourceKey(),
		},
		DefaultLimits:   Limits(in.GetDefaultLimits()),
		MaxMessageBytes: in.GetMaxMessageBytes(),
	}
}
