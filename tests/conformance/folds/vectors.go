package folds

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
)

//go:embed *.json
var files embed.FS

// Case is one fold vector: events folded onto an initial state give the
// expected state and view.
type Case struct {
	// File is the vector file the case comes from.
	File string `json:"-"`
	// Name says what the case shows.
	Name string `json:"name"`
	// Initial is the state before the events; empty or null is the state
	// of an empty log.
	Initial json.RawMessage `json:"initial"`
	// Events are the session events, in log order, as JSON.
	Events []json.RawMessage `json:"events"`
	// State is the expected state.
	State json.RawMessage `json:"state"`
	// View is the expected view.
	View json.RawMessage `json:"view"`
}

// Cases returns every case of every vector file, in file order.
func Cases() ([]Case, error) {
	names, err := fs.Glob(files, "*.json")
	if err != nil {
		return nil, err
	}
	var out []Case
	for _, name := range names {
		raw, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var doc struct {
			Cases []Case `json:"cases"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			return nil, fmt.Errorf("fold vectors %s: %w", name, err)
		}
		for _, c := range doc.Cases {
			c.File = path.Base(name)
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("fold vectors: no cases")
	}
	return out, nil
}
