package tasksurface

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"unicode/utf8"
)

// ReadLog reads a session log kept as JSON lines, one Event per line, the
// way a harness keeps it in a file. It returns the lines that hold JSON, in
// order, ready for FoldRequest.Events, and a LogProblem for every line that
// does not: CodeInvalidJSON, with the line's number in Line and its byte
// offset in the message, Index -1 and Seq -1. A line cut short by a crash
// is the commonest such line. Empty lines hold no event and are skipped.
//
// The lines it returns are not checked further: the plugin's Fold reports
// those it cannot read (FoldResponse.Problems). An error means r could not be
// read, or a line is longer than MaxMessageBytes.
func ReadLog(r io.Reader) ([]json.RawMessage, []LogProblem, error) {
	var (
		events   []json.RawMessage
		problems []LogProblem
		offset   int64
	)
	lines := bufio.NewScanner(r)
	lines.Buffer(nil, MaxMessageBytes)
	for n := 1; lines.Scan(); n++ {
		line := lines.Bytes()
		start := offset
		offset += int64(len(line)) + 1
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if !json.Valid(line) {
			problems = append(problems, LogProblem{Index: -1, Line: n, Seq: -1, Problem: Problem{
				Code: CodeInvalidJSON, Pointer: "",
				Message: fmt.Sprintf("line %d (byte %d) is not JSON (%d bytes: %s); it holds no event",
					n, start, len(line), excerpt(line)),
			}})
			continue
		}
		events = append(events, json.RawMessage(bytes.Clone(line)))
	}
	if err := lines.Err(); err != nil {
		return events, problems, fmt.Errorf("tasksurface: read the session log after byte %d: %w", offset, err)
	}
	return events, problems, nil
}

// excerpt quotes the start of raw for a message: at most 40 bytes, cut at
// a rune boundary.
func excerpt(raw []byte) string {
	const most = 40
	if len(raw) <= most {
		return fmt.Sprintf("%q", raw)
	}
	cut := most
	for cut > 0 && !utf8.RuneStart(raw[cut]) {
		cut--
	}
	return fmt.Sprintf("%q...", raw[:cut])
}
