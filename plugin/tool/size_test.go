package tool

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// maxDefinitionBytes bounds the tool definition the model reads (name,
// description and minified parameter schema): about 2,600 tokens (bytes/4),
// once per session.
const maxDefinitionBytes = 10500

// The tool definition stays under 10,500 bytes while it tells the model
// everything a call needs.
func TestDefinitionStaysUnderTenThousandFiveHundredBytes(t *testing.T) {
	t.Parallel()
	d := Declaration()
	var schema bytes.Buffer
	if err := json.Compact(&schema, d.ParametersSchema); err != nil {
		t.Fatal(err)
	}
	size := len(d.Name) + len(d.Description) + schema.Len()
	if size > maxDefinitionBytes {
		t.Fatalf("the tool definition is %d bytes (name %d, description %d, schema %d), over %d",
			size, len(d.Name), len(d.Description), schema.Len(), maxDefinitionBytes)
	}
	t.Logf("tool definition %d bytes (~%d tokens): name %d, description %d, schema %d",
		size, size/4, len(d.Name), len(d.Description), schema.Len())
}

// The definition tells the agent what it cannot guess from the shapes: what
// `required` asks of the user in every kind (and that a toggle has none),
// the grid a step makes and that initial lies on it, that users may add
// tags, the units of the limits (code points, UTF-8 bytes of the normalised
// model), the ids and the characters refused, that texts are plain, and the
// three features of version 2: a condition (when) and what it hides, a bound
// that names a field, and an allocation's exact sum.
func TestDefinitionSaysWhatACallNeeds(t *testing.T) {
	t.Parallel()
	d := Declaration()
	text := d.Description + string(d.ParametersSchema)
	for _, want := range []string{
		"enter some text (text)",
		"choose an option (choice, multi-choice)",
		"confirm or change the order (order)",
		"give a value (number, scale)",
		"choose a date (date)",
		"add at least one tag (tags)",
		"answer every row (matrix)",
		"place the whole total (allocation)",
		"toggle cannot be required (ask a decision the user must make as a required choice)",
		"Values and initial lie on a literal min (or 0) plus whole steps, in exact decimals",
		`"suggestions":{"$ref":"#/$defs/tags","maxItems":50,"description":"Offered; users may add their own."}`,
		"lengths count code points",
		"64 KiB, the UTF-8 bytes of the normalised model",
		"not an Object.prototype name",
		"No control character but tab and newline (no \\r), no bidi control or direction mark; labels must show visible characters",
		"Titles, labels and options are plain text shown as typed (no Markdown)",
		"A toggle never set is not answered",
		"when shows a field only while the earlier choice, multi-choice or toggle it names is shown and is (or holds) one of is; hidden fields are not sent",
		`"w":{"type":"object","additionalProperties":false,"required":["field","is"]`,
		`min or max may be {"field": id}, a same-kind field's value once answered`,
		`"ref":{"additionalProperties":false,"required":["field"]`,
		"An allocation's amounts (whole steps) sum exactly to total",
		`{"const":"allocation"}`,
		`"version":{"enum":[1,2]}`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the definition does not say %q", want)
		}
	}
}
