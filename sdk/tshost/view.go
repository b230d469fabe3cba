package tshost

import (
	"encoding/json"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// OpenSurface is the surface a projection view names as open.
type OpenSurface = tasksurface.OpenSurface

// ActiveSurface reads the open surface of a projection view
// (tasksurface.ProjectionView); ok is false when none is open or the view
// cannot be read. A host checks with it, at the moment it carries out a
// decision, that the decision's surface is still the open one.
func ActiveSurface(view json.RawMessage) (open OpenSurface, ok bool) {
	var v tasksurface.ProjectionView
	if json.Unmarshal(view, &v) != nil || v.Active == nil || v.Active.SurfaceID == "" {
		return OpenSurface{}, false
	}
	return *v.Active, true
}

// ClosedAs returns how a projection view says a surface closed (one of
// tasksurface.Outcomes, or a newer word), or "" when the view does not
// remember it. A host that refuses an admission because its surface closed
// says moved-on when an ordinary message closed it (OutcomeBypassed).
func ClosedAs(view json.RawMessage, surfaceID tasksurface.SurfaceID) tasksurface.Outcome {
	var v tasksurface.ProjectionView
	if json.Unmarshal(view, &v) != nil {
		return ""
	}
	o, _ := v.OutcomeOf(surfaceID)
	return o.Outcome
}
