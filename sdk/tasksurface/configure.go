package tasksurface

// ConfigureRequest hands the plugin its limits and its host.
type ConfigureRequest struct {
	// Limits are the limits the host's configuration sets; zero fields take
	// the plugin's defaults.
	Limits Limits
	// HostName names the harness, for logs.
	HostName string
	// Host is the harness's services. On the host side it is what the SDK
	// serves to the plugin over the go-plugin broker; on the plugin side the
	// SDK fills it with a client for those services.
	Host Host
}

// ConfigureResponse reports the limits in force.
type ConfigureResponse struct {
	// EffectiveLimits are the limits the plugin will apply.
	EffectiveLimits Limits
	// Problems lists configuration values the plugin refused.
	Problems []Problem
}
