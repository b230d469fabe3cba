package jsontext

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// encodingJSON is what encoding/json writes for v, with or without HTML
// escaping, and whether it could.
func encodingJSON(v any, escapeHTML bool) ([]byte, bool) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(escapeHTML)
	if enc.Encode(v) != nil {
		return nil, false
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), true
}

var texts = []string{
	"", "plain text", "<b>&amp;</b>", "quote \" backslash \\ slash /",
	"\x00\x01\x07\b\t\n\v\f\r\x1b\x1f\x7f", "é 😀 \u2028 \u2029 \u2027 \u202a",
	"\xff", "a\xffb", "\xed\xa0\x80", "\xe2\x80", "\xe2\x80\xa8", "\ufffd",
	strings.Repeat("12345678", 9) + "\n" + strings.Repeat("ab", 33) + "<",
	strings.Repeat("x", 7) + "\"", strings.Repeat("y", 15) + "\x7f" + strings.Repeat("z", 9),
	strings.Repeat("é", 30), strings.Repeat("a\\", 20),
}

func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	for _, s := range texts {
		for _, html := range []bool{false, true} {
			want, _ := encodingJSON(s, html)
			if got := AppendString([]byte("x"), s, html); !bytes.Equal(got[1:], want) {
				t.Errorf("AppendString(%q, html %v) = %s, want %s", s, html, got[1:], want)
			}
		}
	}
}

func TestPlainRun(t *testing.T) {
	t.Parallel()
	for _, s := range texts {
		if got, want := PlainRun(s), naivePlainRun(s); got != want {
			t.Errorf("PlainRun(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestPlainRunEveryByteEveryPlace puts each of the 256 byte values at each
// place of plain texts up to 80 bytes long (so in and after every sixteen-
// and eight-byte block, and in the tails), and holds PlainRun, its
// eight-byte loop and its sixteen-byte blocks (plainBlocksAgree) to a plain
// loop.
func TestPlainRunEveryByteEveryPlace(t *testing.T) {
	t.Parallel()
	everyByteEveryPlace(strings.Repeat("Az09 ~!#[]{}", 7), 80, func(b []byte) {
		s := string(b)
		want := naivePlainRun(s)
		if got := PlainRun(s); got != want {
			t.Fatalf("PlainRun(%q) = %d, want %d", s, got, want)
		}
		if got := plainWords(s); got != want {
			t.Fatalf("plainWords(%q) = %d, want %d", s, got, want)
		}
		if ok, wantBlocks := plainBlocksAgree(s, want); !ok {
			t.Fatalf("plainBlocks(%q) = %d, want %d", s, plainBlocks(s), wantBlocks)
		}
	})
}

// everyByteEveryPlace calls check with every prefix of base up to n bytes
// long, and with each of those with each of the 256 byte values at each of
// its places (the empty prefix once, as it is).
func everyByteEveryPlace(base string, n int, check func(b []byte)) {
	for l := 0; l <= n; l++ {
		for at := 0; at < max(l, 1); at++ {
			for c := 0; c < 256; c++ {
				b := []byte(base[:l])
				if at < l {
					b[at] = byte(c)
				}
				check(b)
			}
		}
	}
}

func naivePlainRun(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return i
		}
	}
	return len(s)
}

func TestAppendCompactHTMLMatchesEncodingJSON(t *testing.T) {
	t.Parallel()
	for _, s := range texts {
		compact, ok := encodingJSON(map[string]any{"k<": []any{s, 1.5, true, nil}}, false)
		if !ok {
			t.Fatal("encoding/json failed")
		}
		want, _ := json.Marshal(json.RawMessage(compact))
		if got := AppendCompactHTML(nil, compact); !bytes.Equal(got, want) {
			t.Errorf("AppendCompactHTML(%s) = %s, want %s", compact, got, want)
		}
	}
}

func TestValidNumber(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"0", "-0", "1", "-12", "1.5", "1.50", "1e5", "1E+5", "1e-05", "0.0e0",
		"", "-", "01", "1.", ".5", "1e", "1e+", "+1", "0x1", "1.5.5", "Infinity", "NaN", " 1", "1 ", "--1"} {
		_, want := encodingJSON(json.Number(s), false)
		if s == "" {
			want = false // encoding/json writes the empty Number as 0
		}
		if got := ValidNumber(s); got != want {
			t.Errorf("ValidNumber(%q) = %v, want %v", s, got, want)
		}
	}
}

// FuzzAppendString holds AppendString and PlainRun to encoding/json and a
// plain loop on any text.
func FuzzAppendString(f *testing.F) {
	for _, s := range texts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, html := range []bool{false, true} {
			want, _ := encodingJSON(s, html)
			if got := AppendString(nil, s, html); !bytes.Equal(got, want) {
				t.Fatalf("AppendString(%q, html %v) = %s, want %s", s, html, got, want)
			}
		}
		if got, want := PlainRun(s), naivePlainRun(s); got != want {
			t.Fatalf("PlainRun(%q) = %d, want %d", s, got, want)
		}
	})
}

func BenchmarkAppendString(b *testing.B) {
	s := strings.Repeat("measured under load ", 12)
	buf := make([]byte, 0, 1024)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		buf = AppendString(buf[:0], s, false)
	}
}

// NeedsHTMLEscape tells exactly when AppendCompactHTML changes its input.
func TestNeedsHTMLEscape(t *testing.T) {
	t.Parallel()
	for _, s := range append(texts, "", "a", "<", "x>", "&y", "\u2028", "\u2029", "\xe2", "\xe2\x80", "’", "–\xe2\x80\xa8", "ab\xe2") {
		b := []byte(s)
		if got, want := NeedsHTMLEscape(b), !bytes.Equal(AppendCompactHTML(nil, b), b); got != want {
			t.Errorf("NeedsHTMLEscape(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestHTMLIndexEveryByteEveryPlace puts each of the 256 byte values at each
// place of texts up to 100 bytes long (in and after every block of 32, and
// in the tails), and holds htmlIndex to a plain loop, and NeedsHTMLEscape
// to its portable form; a second byte further on checks that a scan goes
// on past the first.
func TestHTMLIndexEveryByteEveryPlace(t *testing.T) {
	t.Parallel()
	everyByteEveryPlace(strings.Repeat("Az09 ~!#[]{}\"'", 8), 100, func(b []byte) {
		if got, want := htmlIndex(b), naiveHTMLIndex(b); got != want {
			t.Fatalf("htmlIndex(%q) = %d, want %d", b, got, want)
		}
		for _, tail := range []string{"", "\u2028", "\u2029", "<"} {
			text := append(append([]byte(nil), b...), tail...)
			if got, want := NeedsHTMLEscape(text), needsHTMLEscapePortable(text); got != want {
				t.Fatalf("NeedsHTMLEscape(%q) = %v, its portable form %v", text, got, want)
			}
		}
	})
}

func naiveHTMLIndex(b []byte) int {
	for i, c := range b {
		if c == '<' || c == '>' || c == '&' || c == 0xe2 {
			return i
		}
	}
	return len(b)
}

// FuzzAppendCompactHTML holds AppendCompactHTML to json.Marshal of a
// json.RawMessage on compact JSON around any text, and NeedsHTMLEscape to
// whether it changed it, on that JSON and on the text itself.
func FuzzAppendCompactHTML(f *testing.F) {
	for _, s := range texts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		compact, ok := encodingJSON([]any{s, map[string]string{s: s + "<>&\u2028"}, 12.5}, false)
		if !ok {
			t.Fatal("encoding/json failed")
		}
		want, err := json.Marshal(json.RawMessage(compact))
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendCompactHTML(nil, compact); !bytes.Equal(got, want) {
			t.Fatalf("AppendCompactHTML(%s) = %s, want %s", compact, got, want)
		}
		if NeedsHTMLEscape(compact) == bytes.Equal(compact, want) {
			t.Fatalf("NeedsHTMLEscape(%s) = %v", compact, NeedsHTMLEscape(compact))
		}
		if b := []byte(s); NeedsHTMLEscape(b) != needsHTMLEscapePortable(b) {
			t.Fatalf("NeedsHTMLEscape(%q) = %v, its portable form %v", s, NeedsHTMLEscape(b), needsHTMLEscapePortable(b))
		}
	})
}

// BenchmarkAppendCompactHTML measures the value's copy of a 60 KiB
// normalised model: text with nothing to escape, and text with an
// ampersand, a less-than sign and a curly quote in every row.
func BenchmarkAppendCompactHTML(b *testing.B) {
	for name, row := range map[string]string{
		"plain":   `{"cost":300,"note":"` + strings.Repeat("measured under load ", 12) + `","ok":true,"plan":"Plan 100"}`,
		"escapes": `{"cost":300,"note":"` + strings.Repeat("measured under load ", 11) + `a < b & c ’d’","ok":true,"plan":"Plan 100"}`,
	} {
		compact := []byte("[" + strings.Repeat(row+",", 199) + row + "]")
		b.Run(name, func(b *testing.B) {
			buf := make([]byte, 0, 2*len(compact))
			b.SetBytes(int64(len(compact)))
			for b.Loop() {
				buf = AppendCompactHTML(buf[:0], compact)
			}
		})
	}
}

// BenchmarkPlainRun measures PlainRun on a table cell of the benchmark
// model (240 bytes), on a short one (8 bytes) and on an ordinary paragraph
// (1 KiB), and its eight-byte loop alone on each (words), for the ratio.
func BenchmarkPlainRun(b *testing.B) {
	for _, c := range []struct {
		name string
		text string
	}{
		{"cell", strings.Repeat("measured under load ", 12) + `"`},
		{"short", `Plan 100"`},
		{"paragraph", strings.Repeat("Each row is a plan measured on last week's trace, ", 20) + `"`},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			for b.Loop() {
				if PlainRun(c.text) != len(c.text)-1 {
					b.Fatal("wrong run")
				}
			}
		})
		b.Run(c.name+"/words", func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			for b.Loop() {
				if plainWords(c.text) != len(c.text)-1 {
					b.Fatal("wrong run")
				}
			}
		})
	}
}

// BenchmarkNeedsHTMLEscape measures the tool's check of a 60 KiB normalised
// model with nothing to escape (the usual case: the value is then the
// model as it stands), with the curly quotes of English prose in every
// row (each a 0xe2 byte to look past), and the portable check alone on the
// first (portable), for the ratio.
func BenchmarkNeedsHTMLEscape(b *testing.B) {
	for name, row := range map[string]string{
		"plain":  `{"cost":300,"note":"` + strings.Repeat("measured under load ", 12) + `","ok":true,"plan":"Plan 100"}`,
		"quotes": `{"cost":300,"note":"` + strings.Repeat("measured under load ", 11) + `it’s ‘d’","ok":true,"plan":"Plan 100"}`,
	} {
		compact := []byte("[" + strings.Repeat(row+",", 199) + row + "]")
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(compact)))
			for b.Loop() {
				if NeedsHTMLEscape(compact) {
					b.Fatal("nothing to escape")
				}
			}
		})
		{
			b.Run(name+"/portable", func(b *testing.B) {
				b.SetBytes(int64(len(compact)))
				for b.Loop() {
					if needsHTMLEscapePortable(compact) {
						b.Fatal("nothing to escape")
					}
				}
			})
		}
	}
}
