package tool

import (
	"bytes"
	"encoding/json"
	"testing"
)

// definitionBytesTyped is the size of the tool definition after the typed
// inputs, before required choices, help text and the matrix (name,
// description and minified parameter schema): 17 + 606 + 7,479 bytes.
const definitionBytesTyped = 17 + 606 + 7479

// The tool definition the model reads (name, description and minified
// parameter schema) grows by at most 15% over the typed inputs' for
// required choices, help text, the matrix and the limits: about 2,025
// tokens then, at most about 2,330 now (bytes/4).
func TestDefinitionGrowsAtMostFifteenPercent(t *testing.T) {
	t.Parallel()
	d := Declaration()
	var schema bytes.Buffer
	if err := json.Compact(&schema, d.ParametersSchema); err != nil {
		t.Fatal(err)
	}
	size := len(d.Name) + len(d.Description) + schema.Len()
	if limit := definitionBytesTyped * 115 / 100; size > limit {
		t.Fatalf("the tool definition is %d bytes (name %d, description %d, schema %d), over %d: 115%% of %d",
			size, len(d.Name), len(d.Description), schema.Len(), limit, definitionBytesTyped)
	}
	t.Logf("tool definition %d bytes (~%d tokens): name %d, description %d, schema %d; +%.1f%% over %d",
		size, size/4, len(d.Name), len(d.Description), schema.Len(), 100*float64(size-definitionBytesTyped)/definitionBytesTyped, definitionBytesTyped)
}
