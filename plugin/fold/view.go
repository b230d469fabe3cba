package fold

import "encoding/json"

// View is what the projection shows the browser (useProjection) and what
// the coordination service reads through the host: the open surface and the
// last closed ones.
type View struct {
	// Active is the open surface, or nil.
	Active *Occurrence `json:"active"`
	// Outcomes are the last closed surfaces, oldest first.
	Outcomes []Outcome `json:"outcomes"`
}

// View returns the state's view.
func (s State) View() View {
	return View{Active: s.Active, Outcomes: s.withLists().Outcomes}
}

// MarshalJSON writes the view with an empty outcome list as [].
func (v View) MarshalJSON() ([]byte, error) {
	type plain View
	p := plain(v)
	if p.Outcomes == nil {
		p.Outcomes = []Outcome{}
	}
	return json.Marshal(p)
}

// OutcomeOf returns the last outcome recorded for a surface, if the view
// still remembers it.
func (v View) OutcomeOf(surfaceID string) (Outcome, bool) {
	for i := len(v.Outcomes) - 1; i >= 0; i-- {
		if v.Outcomes[i].SurfaceID == surfaceID {
			return v.Outcomes[i], true
		}
	}
	return Outcome{}, false
}
