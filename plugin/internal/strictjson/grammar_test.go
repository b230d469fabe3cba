package strictjson_test

import (
	"testing"

	"github.com/dsh-community/task-surface/plugin/internal/strictjson"
)

func TestScanNumber(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in    string
		end   int
		expAt int
		fault strictjson.Fault
		ok    bool
	}{
		{"0", 1, -1, 0, true},
		{"-12.50e+7,", 9, 8, 0, true},
		{"1E9", 3, 2, 0, true},
		{"01", 1, -1, 0, true},
		{"-", 1, -1, strictjson.FaultNumber, false},
		{"-x", 1, -1, strictjson.FaultNumber, false},
		{"x", 0, -1, strictjson.FaultNumber, false},
		{"1.", 2, -1, strictjson.FaultFraction, false},
		{"1.e5", 2, -1, strictjson.FaultFraction, false},
		{"1e", 2, -1, strictjson.FaultExponent, false},
		{"1e-", 3, -1, strictjson.FaultExponent, false},
	}
	for _, tt := range tests {
		end, expAt, fault, ok := strictjson.ScanNumber(tt.in, 0)
		if end != tt.end || expAt != tt.expAt || fault != tt.fault || ok != tt.ok {
			t.Errorf("ScanNumber(%q) = %d, %d, %d, %v; want %d, %d, %d, %v", tt.in, end, expAt, fault, ok, tt.end, tt.expAt, tt.fault, tt.ok)
		}
		if end2, _, _, _ := strictjson.ScanNumber([]byte(tt.in), 0); end2 != end {
			t.Errorf("ScanNumber reads %q as bytes to %d, as a string to %d", tt.in, end2, end)
		}
	}
}

func TestSkipSpace(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]int{"": 0, "x": 0, " \t\r\nx ": 4, "   ": 3, "\u00a0": 0} {
		if got := strictjson.SkipSpace(in, 0); got != want {
			t.Errorf("SkipSpace(%q) = %d, want %d", in, got, want)
		}
	}
}
