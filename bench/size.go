package bench

import "os"

// Sizes are the sizes in bytes of the two plugins of one Build, built with the same flags.
type Sizes struct {
	// Plugin is the Task Surface plugin's size.
	Plugin int64
	// Minimal is the minimal go-plugin plugin's size.
	Minimal int64
}

// Ratio is the plugin's size over the minimal plugin's.
func (s Sizes) Ratio() float64 {
	if s.Minimal == 0 {
		return 0
	}
	return float64(s.Plugin) / float64(s.Minimal)
}

// SizeRatio measures the two binaries of b.
func SizeRatio(b Binaries) (Sizes, error) {
	plugin, err := os.Stat(b.Plugin)
	if err != nil {
		return Sizes{}, err
	}
	minimal, err := os.Stat(b.Minimal)
	if err != nil {
		return Sizes{}, err
	}
	return Sizes{Plugin: plugin.Size(), Minimal: minimal.Size()}, nil
}
