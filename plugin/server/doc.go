// Package server is the Task Surface plugin's tasksurface.Server: the one
// value the plugin binary hands to tsplugin.Serve. It composes the tool
// (show_task_surface), the projection fold, the model parser and the
// coordination service (coord.Service, which decides each submission and
// dismissal from the request alone), declares what a host must register
// (Describe), and applies the host's limits (Configure, bounded by
// MaxLimits).
//
// It holds no state of its own beyond the configured limits; everything
// about sessions lives in coord. A Show whose request carries no projection
// view reads the session's from the host, so the one-open-surface rule
// holds whatever the harness sends; a Fold reports the events of its types
// it could not read (fold.CheckEvents).
package server
