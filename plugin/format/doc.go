// Package format writes the text of the user message a Task Surface
// submission becomes: the one message the user sees as their own and the
// model reads as the next turn.
//
// The text is deterministic, compact and complete: the surface's title,
// then one line (or indented block) per field with its label and the
// submitted value as the field's kind writes it (model.Field.Answer), then
// the note. It never repeats the display model
// (descriptions, blocks, option details). README.md shows an example, the
// exact rules and a token estimate.
package format
