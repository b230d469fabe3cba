//go:build !amd64 || purego

package jsontext

// hasAVX2 is false on this architecture (or with the purego tag): the
// block tests are the portable ones (plainWords, and NeedsHTMLEscape with
// bytes.IndexByte, which is vectorised everywhere).
const hasAVX2 = false
