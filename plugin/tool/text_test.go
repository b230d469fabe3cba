package tool

import (
	"strings"
	"testing"
)

// The text a successful call returns is also what a client without Task
// Surface shows as the result, so it must name the surface and say, in the
// design note's words, that an ordinary message bypasses it when the client
// cannot render the panel.
func TestOpenedNamesTheSurfaceAndTheBypass(t *testing.T) {
	text := Opened("Release gate for v2.4.0", "tsf_5c1f")
	for _, want := range []string{
		`Task Surface "Release gate for v2.4.0" (tsf_5c1f) is open for the user.`,
		"the user's submission arrives as their next message",
		"ordinary message instead, as they must when their client cannot render the panel, the surface is bypassed and closed.",
		"Do not restate the panel in prose.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Opened = %q\nlacks %q", text, want)
		}
	}
	// The fixed words (everything but the title and the id) stay short: the
	// README states their size (plugin/tool/README.md, "A successful call").
	if fixed := len(Opened("", "")); fixed != openedFixedBytes {
		t.Errorf("Opened's fixed words are %d bytes; README states %d: update both", fixed, openedFixedBytes)
	}
}

// openedFixedBytes is len(Opened("", "")), as plugin/tool/README.md states it.
const openedFixedBytes = 290
