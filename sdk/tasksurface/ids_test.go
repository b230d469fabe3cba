package tasksurface

import "testing"

func TestValidID(t *testing.T) {
	t.Parallel()
	long := make([]byte, 129)
	for i := range long {
		long[i] = 'a'
	}
	tests := map[string]bool{
		"a": true, "tsf_0f3a": true, "A1.b:c-d_e": true, string(long[:128]): true,
		"": false, "_x": false, "-x": false, "__proto__": false, "a b": false, "é": false,
		"a/b": false, string(long): false, "x\x00": false,
	}
	for id, want := range tests {
		if got := ValidID(id); got != want {
			t.Errorf("ValidID(%q) = %v, want %v", id, got, want)
		}
	}
}
