// Package schemacheck validates decoded JSON values against a JSON Schema
// (draft 2020-12) written in a small subset of the keywords: $defs, local
// $ref ("#/..."), type, properties, required, additionalProperties, const,
// enum, minLength, maxLength, pattern, minimum, maximum, exclusiveMinimum,
// items, minItems, maxItems, and oneOf as a tagged union (every arm an
// object schema that requires one common property with a distinct string
// const, so the instance's tag selects the one arm to check). $schema and
// description are read and ignored.
//
// Compile refuses any other keyword, so a schema edit that uses one cannot
// be silently ignored. A Schema is immutable and safe for concurrent use;
// nothing is compiled until Compile is called.
//
// Validate reports each failing keyword as a Failure: the keyword, its
// location in the schema document and the instance's location, both JSON
// Pointers (RFC 6901). The failures are those github.com/santhosh-tekuri/jsonschema/v5
// reports as leaf errors for the same schema with each tagged oneOf
// rewritten into a dispatch on its tag: a type failure stops the other
// keywords of its schema; one required failure lists every missing
// property; one additionalProperties: false failure covers every extra
// property; keywords beside a $ref apply as well as the referenced schema;
// lengths count runes; numbers compare as exact decimals; "integer" is any
// number with an integral value (1.0 and 1e0 are integers).
package schemacheck
