package verify

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseStatement(t *testing.T) {
	for _, tc := range []struct {
		name, src      string
		thm, nameText  string
		header         string // header tokens joined by spaces
		imports        []string
		preamble       string
		wantErrContain string
	}{
		{name: "bare", src: st1, thm: "t1", nameText: "t1",
			header: "theorem t1 ( a b : Nat ) ( h : a = 2 * b ) ( hb : b = 3 ) : a = 6"},
		{name: "stub by sorry", src: "theorem t (x : Nat) : x = x := by\n  sorry", thm: "t", nameText: "t", header: "theorem t ( x : Nat ) : x = x"},
		{name: "stub sorry", src: "theorem t (x : Nat) : x = x := sorry", thm: "t", nameText: "t", header: "theorem t ( x : Nat ) : x = x"},
		{name: "stub by", src: "theorem t (x : Nat) : x = x := by", thm: "t", nameText: "t", header: "theorem t ( x : Nat ) : x = x"},
		{name: "stub :=", src: "theorem t (x : Nat) : x = x :=", thm: "t", nameText: "t", header: "theorem t ( x : Nat ) : x = x"},
		{name: "default argument", src: "theorem t (x : Nat := 3) : x = x := by sorry", thm: "t", nameText: "t", header: "theorem t ( x : Nat := 3 ) : x = x"},
		{name: "let in type", src: "theorem t : let y := 3; y = 3 := by sorry", thm: "t", nameText: "t", header: "theorem t : let y := 3 ; y = 3"},
		{name: "let in type, no stub", src: "theorem t : let y := 3; y = 3", thm: "t", nameText: "t", header: "theorem t : let y := 3 ; y = 3"},
		{name: "imports and preamble", src: "import Mathlib\nimport Aesop\nset_option maxHeartbeats 400000\nopen BigOperators Real\n\n/-- doc -/\ntheorem m (x : Nat) : x + 0 = x := by\n  sorry",
			thm: "m", nameText: "m", header: "theorem m ( x : Nat ) : x + 0 = x", imports: []string{"Mathlib", "Aesop"},
			preamble: "set_option maxHeartbeats 400000\nopen BigOperators Real"},
		{name: "attributes are part of the header", src: "@[simp] protected theorem Foo.t : True := trivial", thm: "Foo.t", nameText: "Foo.t", header: "@[ simp ] protected theorem Foo.t : True := trivial"},
		{name: "escaped name", src: "theorem «my thm» : True", thm: "my thm", nameText: "«my thm»", header: "theorem «my thm» : True"},
		{name: "last theorem is the target", src: "lemma aux : True := trivial\ntheorem main : True", thm: "main", nameText: "main", header: "theorem main : True", preamble: "lemma aux : True := trivial"},
		{name: "no theorem", src: "def x := 1", wantErrContain: "no `theorem`"},
		{name: "theorem only in a comment", src: "-- theorem t : True", wantErrContain: "no `theorem`"},
		{name: "no type", src: "theorem t := trivial", wantErrContain: "no `: type`"},
		{name: "no name", src: "theorem : True", wantErrContain: "no name"},
		{name: "lex error", src: "theorem t : True /- oops", wantErrContain: "unterminated comment"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := ParseStatement(tc.src)
			if tc.wantErrContain != "" {
				require.ErrorIs(t, err, errStatement)
				assert.ErrorContains(t, err, tc.wantErrContain)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.thm, st.Name)
			assert.Equal(t, tc.nameText, st.NameText)
			var h []string
			for _, tok := range st.Header {
				h = append(h, tok.Text)
			}
			assert.Equal(t, tc.header, strings.Join(h, " "))
			assert.Equal(t, tc.imports, st.Imports)
			assert.Equal(t, tc.preamble, st.PreambleText)
		})
	}
}

func TestParseHeader(t *testing.T) {
	mods, err := ParseHeader("import Mathlib\n-- comment\nimport Mathlib.Tactic.Ring\n")
	require.NoError(t, err)
	assert.Equal(t, []string{"Mathlib", "Mathlib.Tactic.Ring"}, mods)
	mods, err = ParseHeader("")
	require.NoError(t, err)
	assert.Empty(t, mods)
	_, err = ParseHeader("import Mathlib\nopen Real")
	assert.ErrorContains(t, err, "only import lines")
	_, err = ParseHeader("import")
	assert.Error(t, err)
}

func static(t *testing.T, statement, proof string, allowed ...string) StaticReport {
	t.Helper()
	st, err := ParseStatement(statement)
	require.NoError(t, err)
	return CheckStatic(st, proof, append(allowed, "Init"))
}

func codesOf(rs []Reason) []Code {
	var cs []Code
	for _, r := range rs {
		cs = append(cs, r.Code)
	}
	return cs
}

// One case per rule that the testdata suite does not already pin down, accepted and rejected.
func TestCheckStaticRules(t *testing.T) {
	const stNS = "theorem Foo.t (x : Nat) : f x = 1"
	for _, tc := range []struct {
		name, statement, proof string
		want                   []Code // nil: accepted
	}{
		// header comparison
		{"reformatted across lines", st1, "theorem t1\n  (a b : Nat)\n  (h : a = 2 * b) (hb : b = 3) :\n  a = 6 := by omega", nil},
		{"column 0 ends a term", st1, "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) :\na = 6 := by omega", []Code{CodeStatementChanged}},
		{"spacing between symbols", "theorem s (x : Int) (h : 0 ≤ -x) : x ≤ 0", "theorem s (x : Int) (h : 0 ≤-x) : x ≤ 0 := by omega", []Code{CodeStatementChanged}},
		{"spacing around a dot", "theorem p (h : 1 = 1 ∧ 2 = 2) : h.1 = h.1", "theorem p (h : 1 = 1 ∧ 2 = 2) : h .1 = h.1 := rfl", []Code{CodeStatementChanged}},
		{"header then equations (equation-compiler style is honest; the sorry is not)", st1, st1 + "\n  | _, _, _, _ => sorry", []Code{CodeSorry}},
		{"header cut short", st1, "theorem t1 (a b : Nat)", []Code{CodeStatementChanged}},
		{"escaped keyword is not the theorem", st1, "«theorem» t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6 := by omega", []Code{CodeStatementMissing}},
		{"theorem only in a comment", st1, "-- " + st1 + " := by omega", []Code{CodeStatementMissing}},
		{"declared twice", st1, st1 + " := by omega\n" + st1 + " := by omega", []Code{CodeStatementDuplicate}},
		{"namespaced helper reuses a mention", stNS, "def Foo.f (x : Nat) : Nat := 1\n" + stNS + " := rfl", []Code{CodeNameRedefined}},
		{"helper with an unrelated name", stNS, "theorem helper : True := trivial\n" + stNS + " := by simp", nil},
		// open and scope
		{"open before the statement", st1, "open Nat\n" + st1 + " := by omega", []Code{CodeOpenRebinding}},
		{"open after the statement", st1, st1 + " := by omega\nopen Nat\ntheorem later : True := trivial", nil},
		{"open inside the proof", st1, st1 + " := by\n  open Nat in omega", nil},
		{"section is harmless", st1, "section\n" + st1 + " := by omega\nend", nil},
		{"omit", st1, "omit h in\n" + st1 + " := by omega", []Code{CodeScopeChange}},
		// words in comments, strings, names
		{"forbidden words in comments and strings", st1, "/- sorry #eval native_decide axiom -/\n" + st1 + " := by\n  -- admit IO unsafe\n  have _ : String := \"sorry\" ++ r\"#exit\"\n  omega", nil},
		{"sorry as a dotted component", st1, st1 + " := by exact Foo.sorry", []Code{CodeSorry}},
		{"sorry in a name literal is inert", st1, st1 + " := by\n  have _ := `sorry\n  omega", nil},
		{"sorry in a syntax quotation is code", st1, st1 + " := by\n  exact (by exact `(sorry))", []Code{CodeSorry}},
		{"sorry in a plain string is text", st1, st1 + " := by\n  have _ : String := \"{sorry}\"\n  omega", nil},
		{"sorry in the hole of a string after a macro", st1, st1 + " := by\n  have _ : String := s! \"{sorry}\"\n  omega", []Code{CodeSorry}},
		{"admitted identifier prefix is fine", st1, st1 + " := by\n  have admitted : True := trivial\n  omega", nil},
		// options
		{"pp option", st1, "set_option pp.all true in\n" + st1 + " := by omega", nil},
		{"linter option", st1, "set_option linter.unusedVariables false\n" + st1 + " := by omega", nil},
		{"heartbeats within the cap", st1, st1 + " := by\n  set_option maxHeartbeats 1000000 in omega", nil},
		{"synth heartbeats 0", st1, "set_option synthInstance.maxHeartbeats 0 in\n" + st1 + " := by omega", []Code{CodeUnlimitedHeartbeats}},
		{"heartbeats hex zero", st1, "set_option maxHeartbeats 0x0 in\n" + st1 + " := by omega", []Code{CodeUnlimitedHeartbeats}},
		{"heartbeats beyond uint64", st1, "set_option maxHeartbeats 99999999999999999999999 in\n" + st1 + " := by omega", []Code{CodeUnlimitedHeartbeats}},
		{"heartbeats not a number", st1, "set_option maxHeartbeats true in\n" + st1 + " := by omega", []Code{CodeOptionNotAllowed}},
		{"rec depth fine", st1, "set_option maxRecDepth 4000 in\n" + st1 + " := by omega", nil},
		{"rec depth zero", st1, "set_option maxRecDepth 0 in\n" + st1 + " := by omega", []Code{CodeRecursionDepth}},
		{"escaped debug option", st1, "set_option «debug».skipKernelTC true in\n" + st1 + " := by omega", []Code{CodeDebugOption}},
		{"trace option", st1, "set_option trace.Meta.synthInstance true in\n" + st1 + " := by omega", []Code{CodeOptionNotAllowed}},
		{"set_option without value", st1, st1 + " := by omega\nset_option", []Code{CodeOptionNotAllowed}},
		// instances
		{"attribute instance", st1, "attribute [instance] Nat.decEq\n" + st1 + " := by omega", []Code{CodeDecidableInstance}},
		{"deriving instance", st1, "deriving instance Repr for Nat\n" + st1 + " := by omega", []Code{CodeInstanceOverride}},
		{"haveI inside a proof", "theorem d (p : Prop) : p ∨ ¬p", "theorem d (p : Prop) : p ∨ ¬p := by\n  haveI := Classical.propDecidable p\n  exact Classical.em p", nil},
		{"deriving clause on a new type", st1, "structure P where\n  x : Nat\n  deriving Repr, DecidableEq\n" + st1 + " := by omega", nil},
		{"unif_hint", st1, "unif_hint (n : Nat) where n =?= 6 ⊢ n + 0 =?= 6\n" + st1 + " := by omega", []Code{CodeInstanceOverride}},
		// imports
		{"allowed import", st1, "import Mathlib\n" + st1 + " := by omega", nil},
		{"late import", st1, st1 + " := by omega\nimport Mathlib", []Code{CodeImport}},
		{"import without module", st1, "import", []Code{CodeImport, CodeStatementMissing}},
		// misc code
		{"export attribute", st1, "@[export my_sym] def k2 : Nat := 1\n" + st1 + " := by omega", []Code{CodeExtern}},
		{"System access", st1, "def p := System.FilePath.mk \"x\"\n" + st1 + " := by omega", []Code{CodeIO}},
		{"Lean API", st1, "def e := Lean.Environment\n" + st1 + " := by omega", []Code{CodeMetaCode}},
		{"simproc", st1, "simproc foo (_ + _) := fun _ => return .continue\n" + st1 + " := by omega", []Code{CodeMetaCode}},
		{"tactic attribute", st1, "@[tactic Lean.Parser.Tactic.decide] def myDecide := 0\n" + st1 + " := by omega", []Code{CodeMetaCode}},
		{"scoped macro attribute", st1, "attribute [scoped macro Lean.Parser.Term.byTactic] foo\n" + st1 + " := by omega", []Code{CodeMetaCode}},
		{"builtin attribute", st1, "@[simp, builtin_init] def q := 0\n" + st1 + " := by omega", []Code{CodeMetaCode}},
		{"harmless attributes", st1, "@[simp, reducible] def two := 2\nattribute [local simp] Nat.add_comm\n" + st1 + " := by omega", nil},
		{"reduce command", st1, "#reduce 1 + 1\n" + st1 + " := by omega", []Code{CodeHashCommand}},
		{"eval! variant", st1, "#eval! 1\n" + st1 + " := by omega", []Code{CodeEval}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := static(t, tc.statement, tc.proof, "Mathlib")
			if tc.want == nil {
				assert.True(t, rep.Accepted(), "%v", rep.Reasons)
				assert.NotEmpty(t, rep.Cmd)
				return
			}
			got := codesOf(rep.Reasons)
			for _, c := range tc.want {
				assert.Contains(t, got, c, "%v", rep.Reasons)
			}
			assert.Empty(t, rep.Cmd, "no command for a rejected proof")
		})
	}
}

func TestCheckStaticCmd(t *testing.T) {
	t.Run("imports blanked, positions kept", func(t *testing.T) {
		proof := "import Mathlib\nimport Init\n" + st1 + " := by\n  omega"
		rep := static(t, st1, proof, "Mathlib")
		require.True(t, rep.Accepted(), "%v", rep.Reasons)
		lines := strings.Split(rep.Cmd, "\n")
		assert.Equal(t, strings.Repeat(" ", len("import Mathlib")), lines[0])
		assert.Equal(t, strings.Repeat(" ", len("import Init")), lines[1])
		assert.Equal(t, st1+" := by", lines[2])
		assert.Equal(t, "  omega", lines[3])
		assert.Equal(t, "#print axioms t1", lines[4])
		assert.Equal(t, GuardCommand("t1"), lines[5])
		assert.Equal(t, 5, rep.AxiomsLine)
		assert.Equal(t, 6, rep.GuardLine)
		assert.Equal(t, 0, rep.LineShift)
		assert.Equal(t, "", lines[6], "the command ends with a newline")
	})
	const stPre = "open Nat\n\ntheorem sp (n : Nat) : 0 < succ n := by\n  sorry"
	t.Run("preamble prepended", func(t *testing.T) {
		rep := static(t, stPre, "theorem sp (n : Nat) : 0 < succ n :=\n  Nat.succ_pos n\n")
		require.True(t, rep.Accepted(), "%v", rep.Reasons)
		assert.Equal(t, "open Nat\ntheorem sp (n : Nat) : 0 < succ n :=\n  Nat.succ_pos n\n#print axioms sp\n"+GuardCommand("sp")+"\n", rep.Cmd)
		assert.Equal(t, 1, rep.LineShift)
		assert.Equal(t, 4, rep.AxiomsLine)
	})
	t.Run("preamble repeated", func(t *testing.T) {
		proof := "open Nat\n\ntheorem sp (n : Nat) : 0 < succ n :=\n  Nat.succ_pos n"
		rep := static(t, stPre, proof)
		require.True(t, rep.Accepted(), "%v", rep.Reasons)
		assert.Equal(t, proof+"\n#print axioms sp\n"+GuardCommand("sp")+"\n", rep.Cmd)
		assert.Equal(t, 0, rep.LineShift)
	})
	t.Run("preamble changed", func(t *testing.T) {
		rep := static(t, stPre, "open Nat Classical\n\ntheorem sp (n : Nat) : 0 < succ n :=\n  Nat.succ_pos n")
		assert.Contains(t, codesOf(rep.Reasons), CodeOpenRebinding)
	})
	t.Run("escaped name", func(t *testing.T) {
		rep := static(t, "theorem «my thm» : True", "theorem «my thm» : True := trivial")
		require.True(t, rep.Accepted(), "%v", rep.Reasons)
		assert.True(t, strings.HasSuffix(rep.Cmd, "\n#print axioms «my thm»\n"+GuardCommand("«my thm»")+"\n"))
		assert.True(t, strings.HasSuffix(GuardCommand("«my thm»"), " in #check @_root_.«my thm»"))
	})
}

func TestCheckStaticReasonsOrderedAndDeduplicated(t *testing.T) {
	proof := st1 + " := by\n  native_decide\n  sorry\n  sorry\n#eval 1"
	rep := static(t, st1, proof)
	assert.Equal(t, []Code{CodeNativeDecide, CodeSorry, CodeSorry, CodeEval}, codesOf(rep.Reasons))
	var lines []int
	for _, r := range rep.Reasons {
		lines = append(lines, r.Line)
	}
	assert.Equal(t, []int{2, 3, 4, 5}, lines)
	for _, r := range rep.Reasons {
		assert.NotEmpty(t, r.Detail)
		assert.Contains(t, r.String(), string(r.Code))
	}
}

func TestEveryCodeIsDocumented(t *testing.T) {
	for c, d := range codeDocs {
		assert.NotEmpty(t, d, c)
		assert.Equal(t, d, Describe(c))
	}
	assert.Equal(t, "nope", Describe("nope"))
	for _, r := range keywordRules {
		assert.Contains(t, codeDocs, r.code)
	}
	for _, r := range componentRules {
		assert.Contains(t, codeDocs, r.code)
	}
}

// Issue 23 §4: the static checks count against the row's deadline and stop when the caller's
// context ends, on input built to be slow.
func TestStaticChecksHonourDeadlines(t *testing.T) {
	st := "theorem t : 1 = 1"
	proof := strings.Repeat("@[", 1<<20)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := CheckInput(ctx, Input{Statement: st, Proof: proof}, Options{})
	assert.Equal(t, StatusError, res.Status, "a cancelled caller gets no verdict")
	assert.Equal(t, []Code{CodeCheckerError}, res.Codes())

	res = CheckInput(context.Background(), Input{Statement: st, Proof: proof}, Options{Timeout: time.Nanosecond})
	assert.Equal(t, StatusFailed, res.Status, "the row's own timeout ran out before Lean")
	assert.Equal(t, []Code{CodeTimeout}, res.Codes())

	parsed, err := ParseStatement(st)
	require.NoError(t, err)
	_, err = CheckStaticContext(ctx, parsed, proof, []string{"Init"})
	assert.ErrorIs(t, err, context.Canceled)
}
