package coord

import (
	"encoding/json"
	"sync"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// heldModel is the model of one open occurrence. A surface's model never
// changes once its call answered, so it is held for as long as the
// occurrence is the session's open one.
type heldModel struct {
	occ        fold.Occurrence
	model      *model.Model
	normalized json.RawMessage
	// markdown returns the Markdown HTML of the model's blocks by block
	// pointer, as JSON; it renders and encodes once, when first needed.
	markdown func() json.RawMessage
}

// newHeldModel holds m; its Markdown is rendered on first use unless html
// is given.
func newHeldModel(occ fold.Occurrence, m *model.Model, normalized json.RawMessage, md *markdown.Renderer, html map[string]string) *heldModel {
	return &heldModel{
		occ: occ, model: m, normalized: normalized,
		markdown: sync.OnceValue(func() json.RawMessage {
			if html == nil {
				html = markdown.RenderBlocks(md, m)
			}
			b, err := json.Marshal(html)
			if err != nil {
				// A map of strings always encodes.
				panic(err)
			}
			return b
		}),
	}
}

// Opened describes a surface that a show_task_surface call of this process
// has just opened.
type Opened struct {
	// SessionID names the session of the call.
	SessionID tasksurface.SessionID
	// CallID names the call.
	CallID tasksurface.CallID
	// SurfaceID is the surface id the call minted.
	SurfaceID tasksurface.SurfaceID
	// Model is the model the call parsed; read-only.
	Model *model.Model
	// Markdown is the sanitised HTML of each markdown block, by pointer.
	Markdown map[string]string
}

// Opened hands the service the model of a surface this process has just
// opened. The log's metadata of the call is a pure function of the value
// the call answered with, so the service serves the surface from this
// model and never needs the metadata while it holds it.
func (s *Service) Opened(o Opened) {
	normalized, err := o.Model.Normalized()
	if err != nil {
		return
	}
	ss := s.session(o.SessionID)
	defer ss.mu.Unlock()
	ss.model = newHeldModel(fold.Occurrence{CallID: o.CallID, SurfaceID: o.SurfaceID}, o.Model, json.RawMessage(normalized), s.md, o.Markdown)
}

// modelOf returns the model of the open occurrence: the one held, or the
// one the snapshot's opening metadata holds, revalidated and then held.
// With neither it returns nil and needed true: the host must send the
// metadata. A metadata that does not hold up gives nil and needed false,
// logged at error (the plugin wrote it): the surface is answered as not
// open.
func (s *Service) modelOf(ss *session, id tasksurface.SessionID, occ fold.Occurrence, snap *tasksurface.Snapshot) (hm *heldModel, needed bool) {
	if ss.model != nil && ss.model.occ == occ {
		return ss.model, false
	}
	if len(snap.OpeningMeta) == 0 {
		return nil, true
	}
	bad := func(why string, args ...any) (*heldModel, bool) {
		s.logger.Error("the open surface's metadata does not hold up; answering not-open",
			append([]any{"session", id, "call", occ.CallID, "surface", occ.SurfaceID, "why", why}, args...)...)
		return nil, false
	}
	var meta tasksurface.Meta
	if err := json.Unmarshal(snap.OpeningMeta, &meta); err != nil {
		return bad("the metadata is not a Task Surface meta", "error", err)
	}
	switch {
	case meta.Kind != tasksurface.MetaKind:
		return bad("the metadata has another kind", "kind", meta.Kind)
	case meta.Version != tasksurface.MetaVersion:
		return bad("the metadata has another version", "version", meta.Version)
	case meta.SurfaceID != occ.SurfaceID:
		return bad("the metadata names another surface", "meta_surface", meta.SurfaceID)
	}
	_, metaLimits := s.currentLimits()
	m, problems := model.Parse(meta.Model, metaLimits)
	if len(problems) > 0 {
		return bad("the model does not parse", "problems", len(problems), "first", problems[0].String())
	}
	normalized, err := m.Normalized()
	if err != nil {
		return bad("the model does not normalise", "error", err)
	}
	ss.model = newHeldModel(occ, m, normalized, s.md, nil)
	return ss.model, false
}
