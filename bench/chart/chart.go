// Package chart draws the benchmark growth curves as small, dependency-free
// SVG line charts (log-scale x axis, linear y axis from zero), which the
// bench runner turns into PNG files with headless Chromium.
package chart

import (
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/dsh-community/task-surface/bench"
)

// Chart is one line chart.
type Chart struct {
	// Title is drawn above the plot.
	Title string
	// XLabel names the x axis (drawn on a log scale).
	XLabel string
	// YLabel names the y axis.
	YLabel string
	// Series are the curves.
	Series []bench.Series
	// Goal, when positive, draws a dashed horizontal line at that y.
	Goal float64
	// GoalLabel names the goal line.
	GoalLabel string
}

const (
	width, height          = 720, 420
	left, right, top, base = 80, 24, 48, 64
)

var colours = []string{"#2563eb", "#dc2626", "#16a34a", "#9333ea"}

// SVG renders the chart.
func (c Chart) SVG() []byte {
	minX, maxX, maxY := math.Inf(1), math.Inf(-1), c.Goal
	for _, s := range c.Series {
		for _, p := range s.Points {
			minX, maxX, maxY = math.Min(minX, p.X), math.Max(maxX, p.X), math.Max(maxY, p.Y)
		}
	}
	if math.IsInf(minX, 0) || minX <= 0 {
		minX, maxX = 1, 10
	}
	if maxX <= minX {
		maxX = minX * 10
	}
	maxY = niceCeil(maxY * 1.1)
	pw, ph := float64(width-left-right), float64(height-top-base)
	x := func(v float64) float64 {
		return float64(left) + pw*(math.Log10(v)-math.Log10(minX))/(math.Log10(maxX)-math.Log10(minX))
	}
	y := func(v float64) float64 { return float64(top) + ph*(1-v/maxY) }

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`, width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`)
	fmt.Fprintf(&b, `<text x="%d" y="28" font-size="16" font-weight="bold">%s</text>`, left, html.EscapeString(c.Title))
	// y grid and labels
	for i := 0; i <= 5; i++ {
		v := maxY * float64(i) / 5
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#e5e7eb"/>`, left, width-right, y(v), y(v))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`, left-6, y(v)+4, short(v))
	}
	// x ticks at powers of ten and the measured points
	for _, s := range c.Series[:1] {
		for _, p := range s.Points {
			fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#9ca3af"/>`, x(p.X), x(p.X), height-base, height-base+5)
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`, x(p.X), height-base+18, short(p.X))
		}
	}
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="#111"/>`, left, width-right, height-base, height-base)
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="#111"/>`, left, left, top, height-base)
	fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s (log scale)</text>`, float64(left)+pw/2, height-base+40, html.EscapeString(c.XLabel))
	fmt.Fprintf(&b, `<text transform="translate(18 %.1f) rotate(-90)" text-anchor="middle">%s</text>`, float64(top)+ph/2, html.EscapeString(c.YLabel))
	if c.Goal > 0 {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#f59e0b" stroke-dasharray="6 4"/>`, left, width-right, y(c.Goal), y(c.Goal))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" fill="#b45309">%s</text>`, width-right-4, y(c.Goal)-5, html.EscapeString(c.GoalLabel))
	}
	for i, s := range c.Series {
		col := colours[i%len(colours)]
		var pts []string
		for _, p := range s.Points {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(p.X), y(p.Y)))
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`, x(p.X), y(p.Y), col)
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`, col, strings.Join(pts, " "))
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="12" height="3" fill="%s"/><text x="%d" y="%d">%s</text>`, left+12, top+8+i*18, col, left+30, top+13+i*18, html.EscapeString(s.Name))
	}
	b.WriteString(`</svg>`)
	return []byte(b.String())
}

// niceCeil rounds up to 1, 2 or 5 times a power of ten.
func niceCeil(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if v <= m*p {
			return m * p
		}
	}
	return 10 * p
}

// short formats a number compactly: 1.5k, 64k, 0.25.
func short(v float64) string {
	switch {
	case v >= 1e6:
		return trim(v/1e6) + "M"
	case v >= 1e3:
		return trim(v/1e3) + "k"
	default:
		return trim(v)
	}
}

func trim(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}
