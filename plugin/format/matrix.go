package format

import (
	"strings"

	"github.com/dsh-community/task-surface/plugin/model"
)

// writeMatrix writes a matrix field's value after its label, one indented
// line per row in the model's order: "  Row label: Option label", or the
// row's label and NotAnswered.
func writeMatrix(b *strings.Builder, f *model.Field, value any) {
	answers, _ := value.(map[string]any)
	labels := optionLabels(f)
	lines := make([]string, len(f.Rows))
	for i, r := range f.Rows {
		answer := NotAnswered
		if id, ok := answers[r.ID].(string); ok {
			answer = labels.get(id)
		}
		lines[i] = flatten(r.Label) + ": " + answer
	}
	writeLines(b, lines)
}
