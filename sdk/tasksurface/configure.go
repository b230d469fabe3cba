package tasksurface

// ConfigureRequest hands the plugin its limits and its host.
type ConfigureRequest struct {
	// Limits are the limits the host's configuration sets; zero fields take
	// the plugin's defaults.
	Limits Limits `json:"limits,omitempty"`
	// HostName names the harness, for logs.
	HostName string `json:"hostName,omitempty"`
	// Host is the harness's services. On the host side it is what the SDK
	// serves to the plugin over the go-plugin broker; on the plugin side the
	// SDK fills it with a client for those services.
	Host Host `json:"-"`
}

// ConfigureResponse reports the limits in force.
type ConfigureResponse struct {
	// EffectiveLimits are the limits the plugin will apply.
	EffectiveLimits Limits `json:"effectiveLimits,omitempty"`
	// Problems lists configuration values the plugin refused.
	Problems []Problem `json:"problems,omitempty"`
}
