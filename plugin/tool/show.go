package tool

import (
	"encoding/json"
	"fmt"

	"github.com/dsh-community/task-surface/plugin/markdown"
	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/wire"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// Tool executes show_task_surface.
type Tool struct {
	markdown *markdown.Renderer
	newID    func() string
}

// New returns the tool with its Markdown renderer.
func New(md *markdown.Renderer) *Tool {
	return &Tool{markdown: md, newID: wire.NewSurfaceID}
}

// projectionView is the part of the projection view the tool reads.
type projectionView struct {
	Active *struct {
		CallID    string `json:"callId"`
		SurfaceID string `json:"surfaceId"`
	} `json:"active"`
}

// Show executes one call. Problems with the call are answered in the
// response; an error means the parsed model could not be normalised (a
// defect). The value and the metadata are written directly (encode.go),
// byte for byte what json.Marshal writes for them.
func (t *Tool) Show(req *tasksurface.ShowRequest, limits tasksurface.Limits) (*tasksurface.ShowResponse, error) {
	if req.ParentCallID != "" {
		return failed(tasksurface.ShowNestedCall, NestedCall, nil), nil
	}
	if req.Mode == "code" {
		return failed(tasksurface.ShowUnsupportedMode, UnsupportedMode, nil), nil
	}
	if len(req.Projection) > 0 {
		var view projectionView
		if err := json.Unmarshal(req.Projection, &view); err == nil && view.Active != nil {
			return failed(tasksurface.ShowSurfaceOpen, SurfaceOpen(view.Active.SurfaceID), nil), nil
		}
	}
	m, problems := model.ParseArguments(req.Arguments, limits.WithDefaults())
	if len(problems) > 0 {
		return failed(tasksurface.ShowInvalidModel, InvalidModel(problems), problems), nil
	}
	normalized, err := m.Normalized()
	if err != nil {
		return nil, fmt.Errorf("normalise model: %w", err)
	}
	v := wire.Value{
		SurfaceID: t.newID(),
		Model:     normalized,
		Markdown:  markdown.RenderBlocks(t.markdown, m),
	}
	value, meta := encode(v)
	return &tasksurface.ShowResponse{OK: true, Value: value, Meta: meta, Text: Opened(m.Title, v.SurfaceID)}, nil
}

func failed(code, text string, problems []tasksurface.Problem) *tasksurface.ShowResponse {
	return &tasksurface.ShowResponse{ErrorCode: code, ErrorText: text, Problems: problems}
}
