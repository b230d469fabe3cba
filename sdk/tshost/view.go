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

// ClosedAs returns how a projection view says a surface closed
// ("submitted", "dismissed", "bypassed" by an ordinary message, or
// "replaced"), or "" when the view does not remember it. A host that
// refuses an admission because its surface closed says moved-on when an
// ordinary message closed it.
func ClosedAs(view json.RawMessage, surfaceID tasksurface.SurfaceID) string {
	var v struct {
		Outcomes []struct {
			SurfaceID tasksurface.SurfaceID `json:"surfaceId"`
			Outcome   string                `json:"outcome"`
		} `json:"outcomes"`
	}
	if json.Unmarshal(view, &v) != nil {
		return ""
	}
	for i := len(v.Outcomes) - 1; i >= 0; i-- {
		if v.Outcomes[i].SurfaceID == surfaceID {
			return v.Outcomes[i].Outcome
		}
	}
	return ""
}
