package tasksurface

// ConfigureRequest hands the plugin its limits and its host.
type ConfigureRequest struct {
	// Limits are the limits the host's configuration sets; zero fields take
	// the plugin's defaults.
	Limits Limits
	// HostName names the harness, for logs.
	HostName string
	// Host is the harness's services. The SDK fills it on the plugin side
	// from the broker; a host leaves it nil and serves its Host instead.
	Host Host
}

// ConfigureResponse reports the limits in force.
type ConfigureResponse struct {
	// EffectiveLimits are the limits the plugin will apply.
	EffectiveLimits Limits
	// Problems lists configuration values the plugin refused.
	Problems []Problem
}
