package verify

import (
	"maps"
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// adversarialInputs are 2 MB proofs built to make a scanner quadratic: unclosed attribute
// lists, nested brackets, commands that scan ahead, configurations, strings with braces,
// declarations that each look up the statement's names.
func adversarialInputs() map[string]string {
	const size = 2 << 20
	rep := func(unit string) string { return strings.Repeat(unit, size/len(unit)) }
	return map[string]string{
		"attr_openers":      rep("@["),
		"attribute_openers": rep("attribute ["),
		"nested_attrs":      rep("@[simp ("),
		"parens":            rep("("),
		"open":              rep("open "),
		"open_in":           rep("open A in "),
		"instances":         rep("instance "),
		"config":            rep("simp (config := { maxSteps := "),
		"decide_items":      rep("decide +kernel (native := "),
		"defs":              rep("def a := 1\n"),
		"namespaces":        rep("namespace A\n"),
		"string_braces":     rep("x! \"{\" "),
		"numbers":           rep("9"),
		"set_option":        rep("set_option "),
		"open_in_lines":     rep("open Nat in\n"),
		"attribute_in":      rep("attribute [simp] a in\n"),
		"open_in_section":   rep("open Nat in section\n"),
		"local_notation":    rep("local notation \"x\" => f "),
		"config_heads":      rep("  simp! (a := 1) (b := 2) +c "),
		"col0_words":        rep("x\n"),
		"own_instances":     rep("instance : Inhabited P := "),
		"tactic_values":     rep("(disch := (x := [[[[[[ "),
	}
}

// openInChain is issue 32's input: 32,000 lines of `open Nat in` (about 350 KB) before the
// theorem, every `in` scoping the next.
func openInChain() (string, string) {
	statement := "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6"
	return statement, strings.Repeat("open Nat in\n", 32000) + statement + " := by\n  omega\n"
}

// BenchmarkStaticOpenInChain: `go test -run ^$ -bench StaticOpenInChain -benchtime 3x ./leanbridge/verify/`.
func BenchmarkStaticOpenInChain(b *testing.B) {
	statement, proof := openInChain()
	st, err := ParseStatement(statement)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(proof)))
	for range b.N {
		if rep := CheckStatic(st, proof, []string{"Init"}); !rep.Accepted() {
			b.Fatal(rep.Reasons)
		}
	}
}

// BenchmarkStaticAdversarial: `go test -run ^$ -bench StaticAdversarial -benchtime 1x ./leanbridge/verify/`.
func BenchmarkStaticAdversarial(b *testing.B) {
	st, err := ParseStatement("theorem t (a b c d e f g h : Nat) : a + b + c + d + e + f + g + h = h + g + f + e + d + c + b + a")
	if err != nil {
		b.Fatal(err)
	}
	for name, src := range adversarialInputs() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for range b.N {
				CheckStatic(st, src, []string{"Init"})
			}
		})
	}
}

// TestMeasureStaticAdversarial prints the CPU time (user + system, GC included) the static
// checks take on each 2 MB adversarial input: on a shared machine the wall clock of the
// benchmark above moves with the load, the CPU time much less. Runs only when asked:
//
//	LEANPRM_MEASURE=1 go test -run TestMeasureStaticAdversarial -v ./leanbridge/verify/
func TestMeasureStaticAdversarial(t *testing.T) {
	if os.Getenv("LEANPRM_MEASURE") == "" {
		t.Skip("a measurement: set LEANPRM_MEASURE=1")
	}
	st, err := ParseStatement("theorem t (a b c d e f g h : Nat) : a + b + c + d + e + f + g + h = h + g + f + e + d + c + b + a")
	require.NoError(t, err)
	cpu := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	inputs := adversarialInputs()
	_, inputs["open_in_chain_32k"] = openInChain() // issue 32's input (350 KB, other statement)
	names := slices.Sorted(maps.Keys(inputs))
	var worst time.Duration
	for _, name := range names {
		runtime.GC()
		c0, w0 := cpu(), time.Now()
		rep := CheckStatic(st, inputs[name], []string{"Init"})
		c, w := cpu()-c0, time.Since(w0)
		worst = max(worst, c)
		t.Logf("%-18s %d bytes: cpu %6.0f ms, wall %6.0f ms, %d findings", name, len(inputs[name]), c.Seconds()*1000, w.Seconds()*1000, len(rep.Reasons))
	}
	t.Logf("worst CPU time: %.0f ms", worst.Seconds()*1000)
}
