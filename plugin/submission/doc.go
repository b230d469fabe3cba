// Package submission checks the values a user submits for a Task Surface
// against the surface's model and turns them into canonical Values.
//
// Validate is strict and complete: it refuses anything a field does not
// declare, reports every problem at once with a JSON Pointer into the
// values document, and fills every field the document leaves out with the
// field's initial value or its kind's default, so a valid submission always
// has one canonical value per field. Each field's value is checked by its
// kind (model.Field.Value); a required answer that counts as none
// (model.Field.Unanswered) is refused. Unanswered lists the fields whose
// value is no answer, and Check gives both for values as they stand.
// README.md has the rules as a table.
package submission
