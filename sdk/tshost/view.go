package tshost

import (
	"encoding/json"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// OpenSurface is the surface a projection view names as open.
type OpenSurface struct {
	// CallID is the show_task_surface call that opened it.
	CallID tasksurface.CallID `json:"callId"`
	// SurfaceID is the surface.
	SurfaceID tasksurface.SurfaceID `json:"surfaceId"`
}

// ActiveSurface reads the open surface of a projection view, the fold's
// {active: {callId, surfaceId} | null, outcomes}; ok is false when none is
// open or the view cannot be read. A host checks with it, at the moment it
// carries out a decision, that the decision's surface is still the open
// one.
func ActiveSurface(view json.RawMessage) (open OpenSurface, ok bool) {
	var v struct {
		Active *OpenSurface `json:"active"`
	}
	if json.Unmarshal(view, &v) != nil || v.Active == nil || v.Active.SurfaceID == "" {
		return OpenSurface{}, false
	}
	return *v.Active, true
}
