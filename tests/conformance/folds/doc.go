// Package folds holds the Task Surface fold vectors (the *.json files
// beside it, shared by the plugin's Go fold and the host shim's JavaScript
// twin) and runs them against a harness, so a Go harness author can check
// in a test of their own that their host folds and stores its log as the
// plugin expects:
//
//	func TestFoldVectors(t *testing.T) {
//		folds.Run(t, mySupervisor)             // the plugin's Fold, as the harness calls it
//		folds.RunLog(t, func(t *testing.T) folds.Session {
//			return myHarness.TestSession(t)    // append events, read the projection view
//		})
//	}
//
// Run folds each case's events onto its initial state through a Folder
// and compares the state and the view. RunLog writes each case's events
// into a fresh session of the harness's own log and compares the view the
// harness's host holds (what its snapshots carry); it runs every case that a
// log can hold: no initial state, and every event a well-formed
// tasksurface.Event envelope.
package folds
