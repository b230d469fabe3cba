package markdown

import (
	"strconv"

	"github.com/dsh-community/task-surface/plugin/model"
)

// RenderBlocks renders every markdown block of m and maps the block's JSON
// Pointer into the model ("/sections/0/blocks/1") to its HTML. Other block
// kinds are plain text and have no entry. A nil model gives an empty map.
func RenderBlocks(r *Renderer, m *model.Model) map[string]string {
	out := map[string]string{}
	if m == nil {
		return out
	}
	for si, s := range m.Sections {
		for bi, b := range s.Blocks {
			if b.Kind != model.BlockMarkdown {
				continue
			}
			out[BlockPointer(si, bi)] = r.Render(b.Text)
		}
	}
	return out
}

// BlockPointer returns the JSON Pointer of block bi in section si.
func BlockPointer(si, bi int) string {
	return "/sections/" + strconv.Itoa(si) + "/blocks/" + strconv.Itoa(bi)
}
