package model

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dsh-community/task-surface/sdk/tasksurface"
)

// realisticModel builds a review surface like an agent would send: prose,
// metrics, a table of rows, a diff, a notice and a handful of fields.
// rows, paragraphs and diffLines scale it.
func realisticModel(rows, paragraphs, diffLines int) []byte {
	var b strings.Builder
	b.WriteString(`{"version":1,"title":"Review the migration plan","description":"Three options for moving the billing service to the new queue. Pick one and rank the follow-ups.","sections":[`)
	b.WriteString(`{"id":"summary","title":"Summary","blocks":[{"kind":"markdown","text":"`)
	for i := range paragraphs {
		fmt.Fprintf(&b, "## Step %d\\n\\nThe service drains the **old queue** before it switches; see [the runbook](https://example.com/runbook/%d). Expect `retry` storms under load.\\n\\n", i+1, i)
	}
	b.WriteString(`"},{"kind":"metrics","items":[{"label":"Downtime","value":"4 min","detail":"p95 over last 3 drills"},{"label":"Cost","value":"$1,240","detail":"per month"},{"label":"Risk","value":"medium"}]},`)
	b.WriteString(`{"kind":"notice","tone":"warning","text":"The switch cannot be rolled back after the old queue is deleted."}]},`)
	b.WriteString(`{"id":"data","title":"Affected jobs","layout":{"kind":"grid","columns":2},"blocks":[{"kind":"table","columns":[{"id":"job","label":"Job"},{"id":"owner","label":"Owner"},{"id":"runs","label":"Runs/day"},{"id":"ok","label":"Healthy"}],"rows":[`)
	for i := range rows {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"job":"billing-export-%03d","owner":"team-%d","runs":%d,"ok":%v}`, i, i%7, 10+i*3, i%5 != 0)
	}
	b.WriteString(`]},{"kind":"diff","path":"deploy/queue.yaml","language":"yaml","before":"`)
	for i := range diffLines {
		fmt.Fprintf(&b, "queue_%d: legacy-%d\\n", i, i)
	}
	b.WriteString(`","after":"`)
	for i := range diffLines {
		fmt.Fprintf(&b, "queue_%d: stream-%d\\n", i, i)
	}
	b.WriteString(`"}]}],"fields":[`)
	b.WriteString(`{"kind":"choice","id":"plan","label":"Plan","options":[{"id":"a","label":"Drain then switch","detail":"Slow, safe"},{"id":"b","label":"Dual write"},{"id":"c","label":"Big bang","detail":"Fast, risky"}],"initial":"a"},`)
	b.WriteString(`{"kind":"multi-choice","id":"notify","label":"Notify","options":[{"id":"ops","label":"Ops"},{"id":"finance","label":"Finance"},{"id":"support","label":"Support"}],"initial":["ops"]},`)
	b.WriteString(`{"kind":"order","id":"followups","label":"Rank the follow-ups","options":[{"id":"alerts","label":"Alerts"},{"id":"docs","label":"Docs"},{"id":"cleanup","label":"Cleanup"}]},`)
	b.WriteString(`{"kind":"toggle","id":"weekend","label":"Run on the weekend","initial":false},`)
	b.WriteString(`{"kind":"text","id":"notes","label":"Anything else?","multiline":true}],"submit":{"label":"Send decision"}}`)
	return []byte(b.String())
}

func BenchmarkParse(b *testing.B) {
	cases := []struct {
		name string
		raw  []byte
	}{
		{"4KiB", realisticModel(14, 5, 12)},
		{"64KiB", realisticModel(200, 110, 690)},
	}
	for _, c := range cases {
		m, problems := Parse(c.raw, tasksurface.Limits{})
		if m == nil {
			b.Fatalf("%s: %v", c.name, problems)
		}
		norm, _ := m.Normalized()
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.raw)))
			b.ReportMetric(float64(len(norm)), "normbytes")
			for b.Loop() {
				if m, _ := Parse(c.raw, tasksurface.Limits{}); m == nil {
					b.Fatal("rejected")
				}
			}
		})
	}
}

// invalidModel is a realistic model with an unknown block kind and an
// unknown key in every table row.
func invalidModel(rows, paragraphs, diffLines int) []byte {
	raw := strings.Replace(string(realisticModel(rows, paragraphs, diffLines)), `"kind":"markdown"`, `"kind":"chart"`, 1)
	return []byte(strings.ReplaceAll(raw, `"ok":`, `"bad":`))
}

func BenchmarkParseInvalid(b *testing.B) {
	// A model with many problems costs about as much as a valid one.
	raw := invalidModel(12, 4, 10)
	b.ReportAllocs()
	for b.Loop() {
		if m, _ := Parse(raw, tasksurface.Limits{}); m != nil {
			b.Fatal("accepted")
		}
	}
}

// BenchmarkNormalized measures the canonical encoding of a model that does
// not carry its bytes yet.
func BenchmarkNormalized(b *testing.B) {
	for _, c := range []struct {
		name string
		raw  []byte
	}{
		{"4KiB", realisticModel(14, 5, 12)},
		{"64KiB", realisticModel(200, 110, 690)},
	} {
		m, problems := Parse(c.raw, tasksurface.Limits{})
		if m == nil {
			b.Fatalf("%s: %v", c.name, problems)
		}
		fresh := *m
		fresh.normalized = nil
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := fresh.Normalized(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkSchemaLoad measures what the first model pays once per
// process: decoding and compiling the parameter schema with jsonschema/v5.
func BenchmarkSchemaLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := compileSchema(); err != nil {
			b.Fatal(err)
		}
	}
}
