// Package markdown is Task Surface's Markdown policy: it turns the text of
// a markdown block into sanitised HTML that a browser can show without
// fetching anything the model named.
//
// The policy, in short (README.md says it at length):
//
//   - GitHub Flavored Markdown: tables, strikethrough, task lists, and
//     linkify limited to http, https and mailto;
//   - image syntax becomes its alt text, escaped; no img element is ever
//     written;
//   - raw HTML, block or inline, is omitted without a trace;
//   - only http, https and mailto links survive; a link to anything else is
//     unwrapped to its text; surviving links open in a new browsing context
//     with rel="noopener noreferrer nofollow";
//   - no element or attribute makes a browser request a URL before the user
//     activates a link: no img, iframe, media, style or srcset, no style
//     attributes, no heading ids;
//   - rendering stays linear in the input: the constructs goldmark parses
//     in quadratic time (deep nesting of quotes and lists, emphasis runs
//     that do not pair, open link labels and destinations, code span
//     openers nothing closes) or with five times the memory of ordinary
//     Markdown (nested lists on every line) are bounded per block or per
//     document, and past a bound they are text (bounds.go).
//
// A Renderer is built once with New and is safe for concurrent use.
package markdown
