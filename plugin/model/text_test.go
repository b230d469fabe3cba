package model

import (
	"strings"
	"testing"
)

func TestCheckText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		text   string
		ok     bool
		reason string
	}{
		{"empty", "", true, ""},
		{"plain", "Pick one", true, ""},
		{"tab and newline", "a\tb\nc", true, ""},
		{"html is text", "<script>alert(1)</script>", true, ""},
		{"cjk and emoji", "计划 🙂", true, ""},
		{"rtl letters without controls", "שלום مرحبا", true, ""},
		{"zero width joiner", "👩\u200d💻", true, ""},
		{"line separator", "a\u2028b", true, ""},
		{"nul", "a\x00b", false, "U+0000"},
		{"carriage return", "a\r\nb", false, "U+000D"},
		{"escape", "\x1b[31m", false, "U+001B"},
		{"unit separator", "\x1f", false, "U+001F"},
		{"del", "\x7f", false, "U+007F"},
		{"lre", "\u202a", false, "U+202A"},
		{"rlo", "abc\u202e", false, "at character 4"},
		{"lri", "\u2066", false, "U+2066"},
		{"pdi", "\u2069", false, "U+2069"},
		{"lrm", "\u200e", false, "U+200E"},
		{"rlm", "\u200f", false, "U+200F"},
		{"alm", "\u061c", false, "U+061C"},
		{"bom", "\ufeffx", false, "U+FEFF"},
		{"invalid utf-8", "a\xffb", false, "invalid UTF-8 at character 2"},
		{"encoded surrogate", "\xed\xa0\x80", false, "invalid UTF-8"},
		{"truncated sequence", "\xe6\x97", false, "invalid UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ok, reason := CheckText(tt.text)
			if ok != tt.ok {
				t.Fatalf("CheckText(%q) ok = %v, want %v", tt.text, ok, tt.ok)
			}
			if !strings.Contains(reason, tt.reason) {
				t.Errorf("reason %q does not mention %q", reason, tt.reason)
			}
			if ok && reason != "" {
				t.Errorf("an allowed text has a reason: %q", reason)
			}
		})
	}
}

func TestVisiblyEmpty(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		text  string
		empty bool
	}{
		{"empty", "", true},
		{"spaces, tabs and line breaks", " \t\n\r\v\f", true},
		{"Unicode spaces and separators", "\u0085\u00a0\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000", true},
		{"zero-width space, joiners, word joiner, BOM", "\u200b\u200c\u200d\u2060\ufeff", true},
		{"soft hyphen, invisible operators, Mongolian vowel separator", "\u00ad\u2062\u2064\u180e", true},
		{"Hangul fillers and the combining grapheme joiner", "\u115f\u1160\u3164\uffa0\u034f", true},
		{"variation selectors", "\ufe00\ufe0f\U000e0100", true},
		{"tag characters", "\U000e0001\U000e0041\U000e007f", true},
		{"braille pattern blank", "\u2800", true},
		{"controls", "\x00\x1b\x7f\u0080\u009f", true},
		{"one letter among invisible characters", "\u200bM\u200b", false},
		{"an emoji with joiners", "👩\u200d💻", false},
		{"a combining mark alone shows", "\u0301", false},
		{"CJK", "计", false},
		{"a dot", ".", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := VisiblyEmpty(tt.text); got != tt.empty {
				t.Fatalf("VisiblyEmpty(%q) = %v, want %v", tt.text, got, tt.empty)
			}
		})
	}
}
