package fold

import "github.com/dsh-community/task-surface/sdk/tasksurface"

// View is what the projection shows the browser (useProjection) and what
// the coordination service reads through the host: the open surface and the
// last closed ones. Its shape is the contract's, declared once in
// sdk/tasksurface (ProjectionView), from which tools/contractgen writes the
// JavaScript and TypeScript names.
type View = tasksurface.ProjectionView

// View returns the state's view.
func (s State) View() View {
	return View{Active: s.Active, Outcomes: s.withLists().Outcomes}
}
