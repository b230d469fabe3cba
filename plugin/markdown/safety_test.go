package markdown

import (
	"fmt"
	stdhtml "html"
	"regexp"
	"strings"
)

// allowedAttributes lists, per element the policy may write, the
// attributes it may carry.
var allowedAttributes = map[string]map[string]bool{
	"a":          {"href": true, "title": true, "rel": true, "target": true},
	"blockquote": {},
	"br":         {},
	"code":       {"class": true},
	"del":        {},
	"em":         {},
	"h1":         {}, "h2": {}, "h3": {}, "h4": {}, "h5": {}, "h6": {},
	"hr":     {},
	"input":  {"checked": true, "disabled": true, "type": true},
	"li":     {},
	"ol":     {"start": true},
	"p":      {},
	"pre":    {},
	"strong": {},
	"table":  {}, "thead": {}, "tbody": {}, "tr": {},
	"th": {"align": true}, "td": {"align": true},
	"ul": {},
}

// eventAttribute matches an event handler attribute such as onerror=.
var eventAttribute = regexp.MustCompile(`(?i)\son[a-z]+\s*=`)

// checkSafe reports the first way html breaks the policy: an element or
// attribute outside the allow-list, an href that is not http(s) or mailto,
// or any of the markers of a fetch or a script. Text is always escaped, so
// every "<" in the output starts an element the renderer wrote.
func checkSafe(html string) error {
	lower := strings.ToLower(html)
	for _, bad := range []string{"<img", "<script", "<iframe", "<video", "<audio", "<source", "<link", "<style", "<object", "<embed", "<svg", "<base", "<meta", "<form", "<!--"} {
		if strings.Contains(lower, bad) {
			return fmt.Errorf("output contains %q", bad)
		}
	}
	rest := html
	for {
		i := strings.IndexByte(rest, '<')
		if i < 0 {
			break
		}
		if strings.ContainsAny(rest[:i], `>"`) {
			return fmt.Errorf("unescaped text %q", rest[:i])
		}
		j := strings.IndexByte(rest[i:], '>')
		if j < 0 {
			return fmt.Errorf("unterminated tag at %q", rest[i:])
		}
		if err := checkTag(rest[i+1 : i+j]); err != nil {
			return err
		}
		rest = rest[i+j+1:]
	}
	if strings.ContainsAny(rest, `>"`) {
		return fmt.Errorf("unescaped text %q", rest)
	}
	return nil
}

// checkTag checks the inside of one tag, between "<" and ">".
func checkTag(tag string) error {
	lower := strings.ToLower(tag)
	for _, bad := range []string{" src=", " srcset=", " style=", " formaction=", " background="} {
		if strings.Contains(lower, bad) {
			return fmt.Errorf("tag <%s> contains %q", tag, bad)
		}
	}
	if eventAttribute.MatchString(tag) {
		return fmt.Errorf("tag <%s> has an event handler attribute", tag)
	}
	if strings.HasPrefix(tag, "/") {
		if _, ok := allowedAttributes[tag[1:]]; !ok {
			return fmt.Errorf("closing tag </%s> is not allowed", tag[1:])
		}
		return nil
	}
	name, attrs, _ := strings.Cut(tag, " ")
	allowed, ok := allowedAttributes[name]
	if !ok {
		return fmt.Errorf("element <%s> is not allowed", name)
	}
	for attrs != "" {
		key, after, found := strings.Cut(attrs, `="`)
		if !found {
			return fmt.Errorf("malformed attributes %q in <%s>", attrs, tag)
		}
		value, next, found := strings.Cut(after, `"`)
		if !found {
			return fmt.Errorf("unterminated attribute %q in <%s>", key, tag)
		}
		if !allowed[key] {
			return fmt.Errorf("attribute %q is not allowed on <%s>", key, name)
		}
		if err := checkAttribute(name, key, value); err != nil {
			return err
		}
		attrs = strings.TrimPrefix(next, " ")
	}
	return nil
}

// checkAttribute checks the value of an allowed attribute.
func checkAttribute(element, key, value string) error {
	decoded := strings.ToLower(strings.TrimLeftFunc(stdhtml.UnescapeString(value), func(r rune) bool { return r <= ' ' }))
	for _, scheme := range []string{"javascript:", "vbscript:", "data:", "file:"} {
		if strings.HasPrefix(decoded, scheme) {
			return fmt.Errorf("attribute %s=%q starts with %q", key, value, scheme)
		}
	}
	switch {
	case key == "href":
		l := strings.ToLower(value)
		if !strings.HasPrefix(l, "https://") && !strings.HasPrefix(l, "http://") && !strings.HasPrefix(l, "mailto:") {
			return fmt.Errorf("href %q is not http(s) or mailto", value)
		}
	case key == "rel" && value != "noopener noreferrer nofollow":
		return fmt.Errorf("rel %q", value)
	case key == "target" && value != "_blank":
		return fmt.Errorf("target %q", value)
	case element == "input" && key == "type" && value != "checkbox":
		return fmt.Errorf("input type %q", value)
	case key == "class" && !strings.HasPrefix(value, "language-"):
		return fmt.Errorf("class %q", value)
	}
	return nil
}
