package tool

import (
	"crypto/rand"
	"encoding/hex"
)

// surfacePrefix starts every surface id.
const surfacePrefix = "tsf_"

// newSurfaceID mints a random surface id.
func newSurfaceID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return surfacePrefix + hex.EncodeToString(b[:])
}
