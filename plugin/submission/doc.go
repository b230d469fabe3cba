// Package submission checks the values a user submits for a Task Surface
// against the surface's model and turns them into canonical Values.
//
// Validate is strict and complete: it refuses anything a field does not
// declare, reports every problem at once with a JSON Pointer into the
// values document, and fills every field the document leaves out with the
// field's initial value or its kind's default, so a valid submission always
// has one canonical value per field. Numbers stay JSON numbers, dates
// strings, tags arrays, and the user's own answer to a choice is an Other,
// {"other": text}. A required answer that is visibly empty
// (model.VisiblyEmpty) is missing. README.md has the rules as a table.
package submission
