// Package hosttest is a conformance suite for a Task Surface host: a
// harness runs it from one call in its own tests, against its own host,
// log and queue, over a real plugin, and learns whether the plugin can rely
// on it.
//
//	func TestHostConformance(t *testing.T) {
//		hosttest.Run(t, func(t *testing.T, dir string) hosttest.Harness {
//			return startMyHarness(t, dir) // the plugin, the host, the queue
//		})
//	}
//
// Start is called with a folder of the case's own; called again with the
// same folder, it must start the harness again over the same state, as
// after a crash. Cases is the list of what the suite checks; each runs as a
// parallel subtest in a fresh folder.
package hosttest
