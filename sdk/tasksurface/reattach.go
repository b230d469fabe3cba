package tasksurface

import (
	"encoding/json"
	"fmt"
	"strings"
)

// ReattachEnv is the name under which a plugin started for a debugger
// prints where it listens (tsplugin.ServeDebug), as NAME=<json>, and under
// which a harness may take it from its environment.
const ReattachEnv = "TASK_SURFACE_REATTACH"

// ReattachConfig says where a plugin that is already running listens, so a
// host can attach to it instead of starting a binary (tshost.Config's
// Reattach): a plugin started under a debugger, say.
type ReattachConfig struct {
	// Network is "unix" or "tcp".
	Network string `json:"network"`
	// Address is the socket's path, or host:port.
	Address string `json:"address"`
	// Pid is the plugin's process id.
	Pid int `json:"pid"`
}

// String renders the config as the line ServeDebug prints:
// TASK_SURFACE_REATTACH=<json>.
func (r ReattachConfig) String() string {
	raw, err := json.Marshal(r)
	if err != nil {
		// Two strings and an int always encode.
		panic(err)
	}
	return ReattachEnv + "=" + string(raw)
}

// ParseReattach reads a ReattachConfig from the line ServeDebug prints, or
// from its JSON alone (the value of the ReattachEnv variable).
func ParseReattach(s string) (*ReattachConfig, error) {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), ReattachEnv+"="))
	s = strings.Trim(s, "'")
	var r ReattachConfig
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		return nil, fmt.Errorf("tasksurface: read the reattach config %q: %w", s, err)
	}
	switch {
	case r.Network != "unix" && r.Network != "tcp":
		return nil, fmt.Errorf("tasksurface: reattach network %q is neither unix nor tcp", r.Network)
	case r.Address == "":
		return nil, fmt.Errorf("tasksurface: the reattach config names no address")
	case r.Pid <= 0:
		return nil, fmt.Errorf("tasksurface: the reattach config names no process id")
	}
	return &r, nil
}
