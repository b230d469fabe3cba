package coord

import (
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// A message id is a pure function of its session, surface and submission
// ids and of the answers; the answers' digest does not depend on key order
// or white space, and does on every value and on the note.
func TestMessageID(t *testing.T) {
	t.Parallel()
	a := messageIDOf("s", "f", "b", "d")
	if a != messageIDOf("s", "f", "b", "d") || a == messageIDOf("s", "f", "c", "d") || a == messageIDOf("s", "f", "b", "e") ||
		a == messageIDOf("s\x00f", "", "b", "d") {
		t.Errorf("messageIDOf is not a stable function of its three ids and the answers")
	}
	if !tasksurface.ValidID(string(a)) {
		t.Errorf("minted id %q is not valid", a)
	}
	same := answersDigest([]byte(`{"a":1,"b":[true,"x"]}`), "n")
	if same != answersDigest([]byte(` { "b" : [true, "x"], "a": 1 } `), "n") {
		t.Error("key order or white space changed the digest")
	}
	for _, other := range []string{answersDigest([]byte(`{"a":2,"b":[true,"x"]}`), "n"), answersDigest([]byte(`{"a":1,"b":["x",true]}`), "n"),
		answersDigest([]byte(`{"a":1,"b":[true,"x"]}`), "m"), answersDigest([]byte(`{"a":1.0,"b":[true,"x"]}`), "n")} {
		if other == same {
			t.Error("other answers gave the same digest")
		}
	}
}
