package coord

import (
	"encoding/json"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Opened describes a surface that a show_task_surface call of this process
// has just opened.
type Opened struct {
	// SessionID names the session of the call.
	SessionID tasksurface.SessionID
	// CallID names the call.
	CallID tasksurface.CallID
	// SurfaceID is the surface id the call minted.
	SurfaceID string
	// Value is the canonical value the call answered with, exactly: the
	// log holds its presentation metadata (tasksurface.MetaFromValue).
	Value []byte
	// Model is the model the call parsed; read-only.
	Model *model.Model
	// Markdown is the sanitised HTML of each markdown block, by pointer.
	Markdown map[string]string
	// Limits are the limits the model was checked under.
	Limits tasksurface.Limits
}

// Opened tells the service about a surface this process has just opened,
// which saves work when the same process then serves it:
//
//   - its model is kept, unconfirmed: the first GetActive or Submit still
//     reads the tool result from the log, and uses the model without
//     parsing it again only if the log holds exactly the metadata of
//     o.Value (under the same limits); otherwise it revalidates as always;
//   - the surface id is new, minted by this process, so no message for it
//     can be in flight that this process did not admit and record: the
//     service will not ask the host for in-flight messages to adopt for
//     this surface (see pendingFor).
func (s *Service) Opened(o Opened) {
	normalized, err := o.Model.Normalized()
	if err != nil || len(o.Value) == 0 {
		return
	}
	occ := fold.Occurrence{CallID: o.CallID, SurfaceID: o.SurfaceID}
	ss := s.session(o.SessionID)
	mc := newModelCache(occ, o.Limits.WithDefaults(), o.Model, json.RawMessage(normalized), s.md, o.Markdown, o.Value)
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.model = mc
	ss.coverLocked(occ)
}
