// Package problem holds what the model parser and the submission validator
// report: every problem code of the plugin, defined once in codes.go, and
// List, which collects problems and finishes them into the sorted, capped
// list a caller receives.
package problem
