package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

func main() {
	if err := run(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "normalize:", err)
		os.Exit(1)
	}
}

// run normalises each model of the array read from in and writes the array
// of normalised models to out.
func run(in io.Reader, out io.Writer) error {
	var models []json.RawMessage
	if err := json.NewDecoder(in).Decode(&models); err != nil {
		return fmt.Errorf("read the models: %w", err)
	}
	normalized := make([]json.RawMessage, len(models))
	for i, raw := range models {
		m, problems := model.Parse(raw, tasksurface.DefaultLimits)
		if m == nil {
			return fmt.Errorf("model %d is invalid: %v", i, problems)
		}
		b, err := m.Normalized()
		if err != nil {
			return fmt.Errorf("model %d: %w", i, err)
		}
		normalized[i] = b
	}
	return json.NewEncoder(out).Encode(normalized)
}
