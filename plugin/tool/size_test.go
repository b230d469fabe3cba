package tool

import (
	"bytes"
	"encoding/json"
	"testing"
)

// definitionBytesV1 is the size of the tool definition before the typed
// inputs (name, description and minified parameter schema): 17 + 579 +
// 5,202 bytes.
const definitionBytesV1 = 17 + 579 + 5202

// The tool definition the model reads (name, description and minified
// parameter schema) grows by at most 40% over version 1's five field kinds:
// about 1,450 tokens then, at most about 2,030 now (bytes/4).
func TestDefinitionGrowsAtMostFortyPercent(t *testing.T) {
	t.Parallel()
	d := Declaration()
	var schema bytes.Buffer
	if err := json.Compact(&schema, d.ParametersSchema); err != nil {
		t.Fatal(err)
	}
	size := len(d.Name) + len(d.Description) + schema.Len()
	if limit := definitionBytesV1 * 140 / 100; size > limit {
		t.Fatalf("the tool definition is %d bytes (name %d, description %d, schema %d), over %d: 140%% of version 1's %d",
			size, len(d.Name), len(d.Description), schema.Len(), limit, definitionBytesV1)
	}
	t.Logf("tool definition %d bytes (~%d tokens): name %d, description %d, schema %d; +%.1f%% over %d",
		size, size/4, len(d.Name), len(d.Description), schema.Len(), 100*float64(size-definitionBytesV1)/definitionBytesV1, definitionBytesV1)
}
