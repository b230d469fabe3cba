// Command normalize reads a JSON array of Task Surface models on stdin and
// writes them as the plugin normalises them (model.Parse, then Normalized), a
// JSON array in the same order: the models a harness hands the browser, with
// every default stated. The browser's component tests draw these
// (support/normalized.mjs), not the models as an agent wrote them. A model
// the plugin refuses is an error that names its problems.
package main
