// Package problem holds List, which collects the problems the model parser
// and the submission validator report (with the SDK's codes,
// tasksurface.Code) and finishes them into the sorted, capped list a caller
// receives.
package problem
