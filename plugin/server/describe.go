package server

import (
	"context"

	"github.com/dsh-community/task-surface/plugin/tool"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Describe declares the tool, the projection unit, the dismissal command,
// the queue hooks and the default limits.
func (s *Server) Describe(context.Context) (*tasksurface.Description, error) {
	return &tasksurface.Description{
		APIVersion:    tasksurface.APIVersion,
		PluginVersion: s.version,
		Tool:          tool.Declaration(),
		Projection: tasksurface.ProjectionDeclaration{
			Key:          tasksurface.ProjectionKey,
			StateVersion: tasksurface.ProjectionStateVersion,
			EventTypes:   append([]string(nil), tasksurface.LogEventTypes()...),
		},
		Command: tasksurface.CommandDeclaration{
			Name:        tasksurface.CommandName,
			Description: "Dismiss the open Task Surface without submitting it: /task-surface dismiss",
			Subcommands: []string{tasksurface.DismissVerb},
		},
		QueueHooks: tasksurface.QueueHooksDeclaration{
			Veto:      []tasksurface.QueueAction{tasksurface.ActionEdit, tasksurface.ActionSteer},
			SourceKey: tasksurface.SourceKey,
		},
		DefaultLimits:   tasksurface.DefaultLimits,
		MaxMessageBytes: tasksurface.MaxMessageBytes,
	}, nil
}
