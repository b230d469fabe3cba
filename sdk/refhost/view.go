package refhost

import "encoding/json"

// activeSurface reads the open surface's id from a projection view, or "".
func activeSurface(view json.RawMessage) string {
	var v struct {
		Active *struct {
			SurfaceID string `json:"surfaceId"`
		} `json:"active"`
	}
	if json.Unmarshal(view, &v) != nil || v.Active == nil {
		return ""
	}
	return v.Active.SurfaceID
}

// ActiveSurface returns the open surface's id in a projection view, or "".
func ActiveSurface(view json.RawMessage) string { return activeSurface(view) }
