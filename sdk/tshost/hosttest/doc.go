// Package hosttest is a conformance suite for a Task Surface host: a
// harness runs it from one call in its own tests, against its own host,
// log and queue, over a real plugin, and learns whether the host carries
// out the plugin's decisions as the contract says: one outcome under races
// (a submission against an ordinary message, against a dismissal, against
// another submission), idempotent retries and refused reuse of ids, the
// queue's phases, a restart of the harness and its plugin. It judges a
// host by what is observable: the session log (the user messages with
// their sources and seqs, the dismissal records) and the host's queue, as
// GetActive's pending submission and Claim show it.
//
//	func TestHostConformance(t *testing.T) {
//		hosttest.Run(t, func(t *testing.T, dir string, tap hosttest.Tap) hosttest.Harness {
//			return startMyHarness(t, dir, tap) // the plugin, the host bound to tap(plugin), the queue
//		})
//	}
//
// Start is called with a folder of the case's own; called again with the
// same folder, it must start the harness again over the same state, as
// after a crash. Its host must call the plugin through the Tap it is given.
// A harness built on hostkit returns
// Kit(kit, close). Cases lists what the suite checks; each runs as a
// parallel subtest in a fresh folder. A failure names the host method, the
// log event or the queue state that is wrong, with the answers as JSON
// text.
//
// Values answers every shown field of a model with a value that fits it,
// for a harness's own end-to-end tests: it reads the model's conditions
// with the plugin's own rule (plugin/model's Model.Shown), so it leaves out
// what a condition hides, and reads a bound that names a field as that
// field's answer.
package hosttest
