package tasksurface

import "github.com/hashicorp/go-plugin"

// ProtocolVersion is the go-plugin application protocol version of this
// contract. It changes only on breaking wire changes.
const ProtocolVersion = 3

// APIVersion is the "MAJOR.MINOR" version of this contract that Describe
// reports. The minor part grows with additive changes.
const APIVersion = "3.0"

// PluginName is the name under which the plugin set serves the Task Surface
// service.
const PluginName = "tasksurface"

// MaxMessageBytes is the largest gRPC message either side accepts: 16 MiB.
// It is far above the largest legitimate message (a 64 KiB model plus its
// rendered Markdown, or a 32 KiB submission) so a raised model limit keeps
// working, and far below grpc's MaxInt32 so a runaway peer cannot make the
// other side allocate gigabytes.
const MaxMessageBytes = 16 << 20

// Handshake is the go-plugin handshake both sides use. The magic cookie is a
// user-experience check (it stops people from running the plugin binary by
// hand as if it were a tool), not a security boundary; AutoMTLS and the
// binary's SHA-256 are.
var Handshake = plugin.HandshakeConfig{
	ProtocolVersion:  ProtocolVersion,
	MagicCookieKey:   "TASK_SURFACE_PLUGIN",
	MagicCookieValue: "b7a1f0c2-task-surface-v2",
}
