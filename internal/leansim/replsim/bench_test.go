package replsim

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// BenchmarkObligations measures the simulator's own cost for one typical `cmd`: the two
// obligations of one claim, on top of a header environment.
func BenchmarkObligations(b *testing.B) {
	s := NewServer(Options{})
	if _, err := s.Handle(`{"cmd": "import Lean"}`); err != nil {
		b.Fatal(err)
	}
	req := Obj().Set("env", Int(0)).Set("cmd", Str(
		"example (v1 : Rat) (h1 : v1 = (48 : Rat) / 2) : v1 + (12 : Rat) = (36 : Rat) := by subst_vars; decide +kernel\n"+
			"example (v1 : Rat) (h1 : v1 = (48 : Rat) / 2) : ¬(v1 + (12 : Rat) = (36 : Rat)) := by subst_vars; decide +kernel")).String()
	b.ReportAllocs()
	for b.Loop() {
		v, err := s.Handle(req)
		if err != nil {
			b.Fatal(err)
		}
		_ = v.String()
	}
}

// BenchmarkServe measures a whole session through the framing layer.
func BenchmarkServe(b *testing.B) {
	in := requests(100)
	for b.Loop() {
		var out bytes.Buffer
		if code := Serve(context.Background(), strings.NewReader(in), &out, &out, Options{}); code != 0 {
			b.Fatal(code)
		}
	}
}
