package bench

import (
	"slices"
	"sync"
	"time"
)

// Samples collects one duration per operation, for percentiles.
type Samples struct {
	mu sync.Mutex
	d  []time.Duration
}

// Add records one operation.
func (s *Samples) Add(d time.Duration) {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
}

// addAll records every sample of o.
func (s *Samples) addAll(o *Samples) {
	o.mu.Lock()
	d := slices.Clone(o.d)
	o.mu.Unlock()
	s.mu.Lock()
	s.d = append(s.d, d...)
	s.mu.Unlock()
}

// Percentile returns the p-th percentile (0..100), or 0 with no samples.
func (s *Samples) Percentile(p float64) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.d) == 0 {
		return 0
	}
	d := slices.Clone(s.d)
	slices.Sort(d)
	i := int(float64(len(d)-1) * p / 100)
	return d[i]
}

// Durations returns a copy of the samples, in the order they were added.
func (s *Samples) Durations() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.d)
}

// Len is the number of samples.
func (s *Samples) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.d)
}

// Median returns the median of xs (the lower of the two middle values for
// an even count), or 0 for none; xs is not changed.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[(len(s)-1)/2]
}
