package verify

import (
	"strings"
	"testing"
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
