// Package plaintext writes the texts of a model and of a submission into the
// plain text of the message a submission becomes: a label or title on one
// line (Flatten), a text value as lines (Lines), list items (Item, joined by
// ListSeparator) and labels that tell entries apart (Labels). No value can
// start a line of its own through them: the message's structure is the
// caller's, and these keep every text within its place.
package plaintext
