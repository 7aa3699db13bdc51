package verify

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCheckSnippet(t *testing.T) {
	for _, tc := range []struct {
		name, code string
		want       []Code // nil: the snippet may run
	}{
		{"kimina example", "#check Nat", nil},
		{"theorem with sorry", "theorem t : 1 + 1 = 2 := by sorry", nil},
		{"header and body", "import Init\nset_option maxHeartbeats 400000\nopen Nat\n\ntheorem t (n : Nat) : n + 0 = n := by simp", nil},
		{"axiom and instance are the client's business", "axiom a : False\ninstance : Inhabited Nat := ⟨3⟩", nil},
		{"eval", "#eval IO.println \"hi\"", []Code{CodeEval, CodeIO}},
		{"run_cmd", "run_cmd pure ()", []Code{CodeRunCode}},
		{"io in a def", "def f : IO Unit := IO.Process.exit 0", []Code{CodeIO}},
		{"unsafe", "unsafe def f : Nat := 1", []Code{CodeUnsafe}},
		{"debug option", "set_option debug.skipKernelTC true\ntheorem t : False := sorry", []Code{CodeDebugOption}},
		{"no heartbeat limit", "set_option maxHeartbeats 0 in\ntheorem t : True := trivial", []Code{CodeUnlimitedHeartbeats}},
		{"native_decide", "example : 2 + 2 = 4 := by native_decide", []Code{CodeNativeDecide}},
		{"escaped eval keyword", "«run_cmd» pure ()", []Code{CodeRunCode}},
		{"elaborator", "elab \"x\" : term => pure (Lean.mkNatLit 1)", []Code{CodeElab, CodeMetaCode}},
		{"import not served", "import Mathlib\n#check Nat", []Code{CodeImport}},
		{"other hash command", "#print axioms Nat.add\n#exit\n#help tactic", []Code{CodeHashCommand}},
		{"extern", "@[extern \"f\"] def f : Nat := 1", []Code{CodeExtern}},
		{"unterminated comment", "/- #eval", []Code{CodeLexError}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Code
			for _, r := range CheckSnippet(tc.code, []string{"Init"}) {
				if len(got) == 0 || got[len(got)-1] != r.Code {
					got = append(got, r.Code)
				}
			}
			assert.Equal(t, tc.want, got)
		})
	}
}
