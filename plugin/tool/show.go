package tool

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/dsh-community/task-surface/plugin/fold"
	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Tool executes show_task_surface.
type Tool struct {
	markdown *markdown.Renderer
	newID    func() string
}

// New returns the tool with its Markdown renderer.
func New(md *markdown.Renderer) *Tool {
	return &Tool{markdown: md, newID: newSurfaceID}
}

// Surface is what a successful call opened, for the coordination service
// of the same process (see coord.Service.Opened).
type Surface struct {
	// SurfaceID is the minted surface id.
	SurfaceID tasksurface.SurfaceID
	// Model is the parsed model; read-only.
	Model *model.Model
	// Markdown is the sanitised HTML of each markdown block by its JSON
	// Pointer, as in the value.
	Markdown map[string]string
	// Value is the canonical value of the response, exactly.
	Value []byte
	// Limits are the limits the model was checked under, defaults filled.
	Limits tasksurface.Limits
}

// Show executes one call. Problems with the call are answered in the
// response; an error means the parsed model could not be encoded (a
// defect). The value and the metadata are what json.Marshal writes for
// them.
func (t *Tool) Show(req *tasksurface.ShowRequest, limits tasksurface.Limits) (*tasksurface.ShowResponse, error) {
	resp, _, err := t.Open(req, limits)
	return resp, err
}

// Open executes one call like Show, and also returns what a successful
// call opened (nil otherwise).
func (t *Tool) Open(req *tasksurface.ShowRequest, limits tasksurface.Limits) (*tasksurface.ShowResponse, *Surface, error) {
	if refused := Precheck(req); refused != nil {
		return refused, nil, nil
	}
	if refused := ActiveRefusal(req.Projection); refused != nil {
		return refused, nil, nil
	}
	limits = limits.WithDefaults()
	m, problems := model.ParseArguments(req.Arguments, limits)
	if len(problems) > 0 {
		return failed(tasksurface.ShowInvalidModel, InvalidModel(problems), problems), nil, nil
	}
	normalized, err := m.Normalized()
	if err != nil {
		return nil, nil, fmt.Errorf("normalise model: %w", err)
	}
	v := tasksurface.Value{
		SurfaceID: tasksurface.SurfaceID(t.newID()),
		Model:     normalized,
		Markdown:  markdown.RenderBlocks(t.markdown, m),
	}
	value, err := v.Encode()
	if err != nil {
		return nil, nil, fmt.Errorf("encode the value: %w", err)
	}
	var meta []byte
	if !req.OmitMeta {
		if meta, err = json.Marshal(tasksurface.MetaOf(v)); err != nil {
			return nil, nil, fmt.Errorf("encode the metadata: %w", err)
		}
	}
	resp := &tasksurface.ShowResponse{OK: true, Value: value, Meta: meta, Text: Opened(m.Title, string(v.SurfaceID))}
	return resp, &Surface{SurfaceID: v.SurfaceID, Model: m, Markdown: v.Markdown, Value: value, Limits: limits}, nil
}

// Precheck answers the refusals that depend on the call alone, before the
// projection view and the model are read: a nested call and an unsupported
// mode. It returns nil for a call that may go on.
func Precheck(req *tasksurface.ShowRequest) *tasksurface.ShowResponse {
	if req.ParentCallID != "" {
		return failed(tasksurface.ShowNestedCall, NestedCall, nil)
	}
	if !slices.Contains(Modes, req.Mode.OrNative()) {
		return failed(tasksurface.ShowUnsupportedMode, UnsupportedMode, nil)
	}
	return nil
}

// ActiveRefusal answers the refusal of a call made while the projection
// view shows an open surface; it returns nil for an empty or unreadable view
// or one with nothing open. Only the view's active member is decoded.
func ActiveRefusal(projection []byte) *tasksurface.ShowResponse {
	if len(projection) == 0 {
		return nil
	}
	if active, ok := fold.ActiveOf(projection); ok && active != nil {
		return failed(tasksurface.ShowSurfaceOpen, SurfaceOpen(string(active.SurfaceID)), nil)
	}
	return nil
}

func failed(code tasksurface.ShowErrorCode, text string, problems []tasksurface.Problem) *tasksurface.ShowResponse {
	return &tasksurface.ShowResponse{ErrorCode: code, ErrorText: text, Problems: problems}
}
