package strictjson

// Options say how a document is read.
type Options struct {
	// MaxDepth is the deepest nesting of arrays and objects accepted.
	MaxDepth int
	// CheckNumbers makes a number literal longer than MaxNumberLength,
	// with an exponent over MaxExponent or out of float64's range an
	// invalid-value problem; the literal is then read as 0, so that later
	// checks stay cheap. Without it any literal of valid syntax is kept.
	CheckNumbers bool
	// Wording words the errors and problems.
	Wording Wording
}

// Wording words what the reader reports, one sentence each; every reader
// of the plugin words them for its own audience.
type Wording interface {
	// Syntax words a syntax error (code invalid-json).
	Syntax(e SyntaxError) string
	// TooDeep words nesting deeper than max (code too-deep).
	TooDeep(max int) string
	// DuplicateKey words a key that repeats in its object (code
	// duplicate-key).
	DuplicateKey(key string) string
	// InvalidText words a string or key with invalid UTF-8 or a lone
	// surrogate (code forbidden-character).
	InvalidText() string
	// NumberOutOfRange words a number literal refused by CheckNumbers
	// (code invalid-value).
	NumberOutOfRange(literal string) string
}
