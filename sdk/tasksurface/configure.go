package tasksurface

// ConfigureRequest hands the plugin its limits.
type ConfigureRequest struct {
	// Limits are the limits the host's configuration sets; zero fields take
	// the plugin's defaults.
	Limits Limits `json:"limits,omitempty"`
	// HostName names the harness, for logs.
	HostName string `json:"hostName,omitempty"`
}

// ConfigureResponse reports the limits in force.
type ConfigureResponse struct {
	// EffectiveLimits are the limits the plugin will apply.
	EffectiveLimits Limits `json:"effectiveLimits,omitempty"`
	// Problems lists configuration values the plugin refused.
	Problems []Problem `json:"problems,omitempty"`
}
