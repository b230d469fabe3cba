package submission_test

import (
	"testing"

	"github.com/dsh-community/task-surface/plugin/model"
	"github.com/dsh-community/task-surface/plugin/submission"
	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// BenchmarkValidate measures a typical valid submission of the fuzz
// model (every field kind) and an invalid one with a problem per field.
func BenchmarkValidate(b *testing.B) {
	m, problems := model.Parse([]byte(fuzzModel), tasksurface.Limits{})
	if m == nil {
		b.Fatal(problems)
	}
	cases := []struct {
		name, values string
		valid        bool
	}{
		{"valid", `{"t":"hi there","m":"a\nb \u00e9","c":"a","mc":["a","b"],"tg":true,"o":["z","y","x"]}`, true},
		{"invalid", `{"t":"","m":7,"c":"zz","mc":["a","a"],"tg":"true","o":["x"],"zz":1}`, false},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if v, _ := submission.Validate(m, []byte(c.values), "a note", tasksurface.Limits{}); (v != nil) != c.valid {
					b.Fatal("unexpected verdict")
				}
			}
		})
	}
}
