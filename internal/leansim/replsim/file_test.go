package replsim

import (
	"fmt"
	"testing"

	"github.com/leanprm/leanprm/internal/leansim/frontend"
	"github.com/leanprm/leanprm/internal/leansim/syntax"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func fileMessages(r *frontend.FileResult) []string {
	var out []string
	for _, m := range r.Messages() {
		out = append(out, fmt.Sprintf("%s %d:%d-%d:%d %s", m.Severity, m.Pos.Line, m.Pos.Col, m.End.Line, m.End.Col, m.Data))
	}
	return out
}

// ElaborateFile and the REPL's command mode (a `cmd` without env) are one elaborator: the
// same messages, at the same positions, in the same order.
func TestElaborateFileIsCommandMode(t *testing.T) {
	for _, src := range []string{
		"theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  constructor\n  exact hq\n  exact hq\n",
		"theorem a : 1 < 2 := by decide\ntheorem b : 3 < 2 := by decide\n#print axioms a\n",
		"import Mathlib\n\nexample : (2 : ℚ) + 2 = 5 := by norm_num\nexample (n : ℕ) : n = n := by sorry\n",
		"theorem t : True ∧ True := by\n  constructor\n  frobnicate\n  trivial\n",
		"theorem t (x y : Int) (h₁ : x + y = 10) (h₂ : x - y = 2) : x = 6 ∧ y = 4 := by\n  constructor\n  · omega\n  · omega\n",
		"import Nonexistent\ntheorem t : True := by trivial\n",
		"set_option maxHeartbeats 400000 in\ntheorem t (n : Nat) (h : 3 * n + 4 ≤ 19) : n ≤ 5 := by omega\nexample : True := by trivial extra\n",
	} {
		t.Run(firstLineOf(src), func(t *testing.T) {
			f := frontend.ElaborateFile(src, frontend.FileOptions{Mathlib: true})
			v := cmdReply(t, NewServer(Options{Mathlib: true}), src)
			var want []string
			ms, _ := v.Get("messages")
			for i := 0; i < ms.Len(); i++ {
				m := ms.Index(i)
				sev, _ := m.Get("severity")
				pos, _ := m.Get("pos")
				end, _ := m.Get("endPos")
				num := func(p Value, k string) int { x, _ := p.Get(k); n, _ := x.AsNat(); return n }
				want = append(want, fmt.Sprintf("%s %d:%d-%d:%d %s", sev.s, num(pos, "line"), num(pos, "column"),
					num(end, "line"), num(end, "column"), data(m)))
			}
			assert.Equal(t, want, fileMessages(f), "file mode (actual) against command mode (expected)")
		})
	}
}

func TestElaborateFileCommands(t *testing.T) {
	src := "import Init\n\ntheorem a : 1 < 2 := by\n  decide\ntheorem b : 3 < 2 := by decide\nexample : True := by sorry\n"
	f := frontend.ElaborateFile(src, frontend.FileOptions{})
	require.False(t, f.Fatal, "fatal; commands: %+v", f.Commands)
	require.Len(t, f.Commands, 4, "commands: %+v", f.Commands)
	for i, want := range []struct {
		pos, end     syntax.Pos
		msgs         int
		accomplished bool
	}{
		{syntax.Pos{Line: 1, Col: 0}, syntax.Pos{Line: 1, Col: 11}, 0, false}, // the header
		{syntax.Pos{Line: 3, Col: 0}, syntax.Pos{Line: 4, Col: 8}, 0, true},
		{syntax.Pos{Line: 5, Col: 0}, syntax.Pos{Line: 5, Col: 30}, 1, false},
		{syntax.Pos{Line: 6, Col: 0}, syntax.Pos{Line: 6, Col: 26}, 1, false}, // sorry: a warning, not accomplished
	} {
		c := f.Commands[i]
		assert.Equal(t, want.pos, c.Pos, "command %d: %+v", i, c)
		assert.Equal(t, want.end, c.End, "command %d: %+v", i, c)
		assert.Len(t, c.Messages, want.msgs, "command %d: %+v", i, c)
		assert.Equal(t, want.accomplished, c.Accomplished, "command %d: %+v", i, c)
	}
	m := f.Commands[3].Messages[0]
	assert.Equal(t, "warning", m.Severity, "sorry warning: %+v", m)
	assert.Equal(t, "declaration uses `sorry`", m.Data, "sorry warning: %+v", m)
	assert.Equal(t, syntax.Pos{Line: 6, Col: 0}, m.Pos, "sorry warning: %+v", m)

	f = frontend.ElaborateFile("import Nonexistent.Module\ntheorem t : True := by trivial\n", frontend.FileOptions{})
	require.True(t, f.Fatal, "an unknown import stops the file: %+v", f)
	require.Len(t, f.Commands, 1, "an unknown import stops the file: %+v", f)
	require.Empty(t, f.Tactics, "an unknown import stops the file: %+v", f)
	f = frontend.ElaborateFile("import LeanPRM\n", frontend.FileOptions{Packages: []string{"LeanPRM"}})
	assert.False(t, f.Fatal, "a project package: %+v", f)
	f = frontend.ElaborateFile("import Mathlib\n", frontend.FileOptions{})
	assert.True(t, f.Fatal, "Mathlib without FileOptions.Mathlib: %+v", f)

	f = frontend.ElaborateFile("theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact hp\n", frontend.FileOptions{})
	ms := f.Messages()
	if assert.Len(t, ms, 1, "unsolved goals from `by` to the end of the block: %+v", ms) {
		assert.True(t, ms[0].UnsolvedGoals, "unsolved goals from `by` to the end of the block: %+v", ms)
		assert.Equal(t, syntax.Pos{Line: 1, Col: 41}, ms[0].Pos, "unsolved goals from `by` to the end of the block")
		assert.Equal(t, syntax.Pos{Line: 3, Col: 10}, ms[0].End, "unsolved goals from `by` to the end of the block")
	}
}

// Lean elaborates the partial syntax of a command that does not parse, and keeps only its
// "unsolved goals" (and unsynthesized placeholders): no other error, no sorry warning.
func TestElaborateFilePartialSyntax(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"theorem t : True ∧ True := by\n  constructor\n  frobnicate\n  trivial\n",
			[]string{"error 3:3-3:12 unknown tactic", "error 1:27-2:13 unsolved goals\ncase left\n⊢ True\n\ncase right\n⊢ True"}},
		{"theorem t : 1 = 2 := by\n  decide\n  frobnicate\n", []string{"error 3:3-3:12 unknown tactic"}},
		{"theorem t : True := by\n  sorry\n  frobnicate\n", []string{"error 3:3-3:12 unknown tactic"}},
		{"set_option pp.all true in\ntheorem t : True := by\n  frobnicate\n", []string{"error 3:3-3:12 unknown tactic", "error 2:20-2:22 unsolved goals\n⊢ True"}},
	} {
		f := frontend.ElaborateFile(tc.src, frontend.FileOptions{})
		assert.Equal(t, tc.want, fileMessages(f), "%q", tc.src)
		assert.False(t, f.Commands[len(f.Commands)-1].Accomplished, "%q: accomplished", tc.src)
	}
}

func TestGoalsAt(t *testing.T) {
	src := "theorem t (p : Prop) (hp : p) : p ∧ p := by\n  constructor\n  exact hp; decide\n  exact hp\n" +
		"theorem u (x y : Int) (h : x = y) : y = x ∧ x = y := by\n  constructor\n  · omega\n  · have h2 : x = y := by\n      omega\n    exact h2\n" +
		"theorem v : True := by\n  frobnicate\n"
	f := frontend.ElaborateFile(src, frontend.FileOptions{})
	h := "p : Prop\nhp : p\n"
	hu := "x y : Int\nh : x = y\n"
	for _, tc := range []struct {
		pos  syntax.Pos
		want []string // nil: no answer
		why  string
	}{
		{syntax.Pos{Line: 2, Col: 0}, []string{h + "⊢ p ∧ p"}, "before the line's first tactic"},
		{syntax.Pos{Line: 2, Col: 2}, []string{h + "⊢ p ∧ p"}, "at its start"},
		{syntax.Pos{Line: 2, Col: 5}, []string{h + "⊢ p ∧ p"}, "inside it"},
		{syntax.Pos{Line: 2, Col: 13}, []string{"case left\n" + h + "⊢ p", "case right\n" + h + "⊢ p"}, "at its end"},
		{syntax.Pos{Line: 2, Col: 40}, []string{"case left\n" + h + "⊢ p", "case right\n" + h + "⊢ p"}, "after it on its line"},
		{syntax.Pos{Line: 3, Col: 10}, []string{"case right\n" + h + "⊢ p"}, "between two tactics of a line"},
		{syntax.Pos{Line: 3, Col: 13}, []string{"case right\n" + h + "⊢ p"}, "inside a tactic that fails"},
		{syntax.Pos{Line: 3, Col: 18}, nil, "after a tactic that failed"},
		{syntax.Pos{Line: 4, Col: 10}, nil, "never run"},
		{syntax.Pos{Line: 1, Col: 3}, nil, "the statement"},
		{syntax.Pos{Line: 7, Col: 9}, []string{"case right\n" + hu + "⊢ x = y"}, "after `· omega`: the enclosing tactic's goals"},
		{syntax.Pos{Line: 9, Col: 11}, []string{"case right\n" + hu + "⊢ x = y"}, "inside a nested block: before the top-level tactic"},
		{syntax.Pos{Line: 10, Col: 12}, []string{}, "after the last tactic"},
		{syntax.Pos{Line: 12, Col: 12}, nil, "a tactic that does not parse"},
		{syntax.Pos{Line: 99, Col: 0}, nil, "no such line"},
	} {
		got, ok := f.GoalsAt(tc.pos)
		assert.Equal(t, tc.want != nil, ok, "%v (%s): answered; goals %q", tc.pos, tc.why, got)
		if len(tc.want) == 0 { // nil and empty alike: ok tells them apart
			assert.Empty(t, got, "%v (%s)", tc.pos, tc.why)
		} else {
			assert.Equal(t, tc.want, got, "%v (%s)", tc.pos, tc.why)
		}
	}
}

// Every tactic Lean knows gets a verdict that is never "unknown tactic" (which Lean gives only
// to a word that names no tactic) and never an acceptance it did not earn; Mathlib's are
// unknown without Mathlib, as in Lean.
func TestRealTacticNamesAreNeverUnknown(t *testing.T) {
	check := func(name string, mathlib bool) {
		src := "theorem t (x : Nat) (h : x = 1) : x + 1 = 3 := by " + name
		f := frontend.ElaborateFile(src, frontend.FileOptions{Mathlib: mathlib})
		if mathlib {
			f = frontend.ElaborateFile("import Mathlib\n"+src, frontend.FileOptions{Mathlib: true})
		}
		ms := f.Messages()
		assert.NotEmpty(t, ms, "%s: accepted a false claim", name)
		for _, m := range ms {
			assert.NotEqual(t, "unknown tactic", m.Data, "%s: unknown tactic", name)
		}
	}
	for _, set := range []map[string]bool{syntax.Simulated, syntax.NotSimulated} {
		for name := range set {
			check(name, false)
		}
	}
	for _, set := range []map[string]bool{syntax.MathlibSimulated, syntax.MathlibNotSimulated} {
		for name := range set {
			check(name, true)
			if syntax.NotSimulated[name] || syntax.Simulated[name] {
				continue
			}
			f := frontend.ElaborateFile("theorem t : True := by "+name, frontend.FileOptions{})
			ms := f.Messages()
			if assert.NotEmpty(t, ms, "%s without Mathlib", name) && name != "lemma" {
				assert.Equal(t, "unknown tactic", ms[0].Data, "%s without Mathlib: %q", name, fileMessages(f))
			}
		}
	}
}

func TestThenCombinatorAndArguments(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"theorem t : True ∧ True := by constructor <;> trivial", ""},
		{"theorem t (x : Int) (h : x = 2) : x + 1 = 3 ∧ x - 1 = 1 := by constructor <;> omega", ""},
		{"theorem t : True ∧ (1 = 2) := by constructor <;> trivial", "tactic 'decide' proved that the proposition"},
		{"theorem t : True ∧ True := by\n  constructor <;> frobnicate", "unknown tactic"},
		{"theorem t : True ∧ True := by constructor trivial", "'constructor' with arguments is not simulated"},
		{"theorem t : True := by sorry trivial", "'sorry' with arguments is not simulated"},
	} {
		ms := frontend.ElaborateFile(tc.src, frontend.FileOptions{}).Messages()
		if tc.want == "" {
			assert.Empty(t, ms, "%q", tc.src)
		} else if assert.NotEmpty(t, ms, "%q: want %q", tc.src, tc.want) {
			assert.Contains(t, ms[0].Data, tc.want, "%q: %+v", tc.src, ms)
		}
	}
}

// FuzzElaborateFile checks, on any text, that file mode reports exactly command mode's
// messages, and that the goal view answers anywhere without panicking.
func FuzzElaborateFile(f *testing.F) {
	addTranscriptSeeds(f, true)
	for _, s := range dialectSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file := frontend.ElaborateFile(src, frontend.FileOptions{Mathlib: true})
		v, err := NewServer(Options{Mathlib: true, noFiles: true}).Handle(Obj().Set("cmd", Str(src)).String())
		require.NoError(t, err, "command is fatal")
		ms, _ := v.Get("messages")
		got := file.Messages()
		require.Len(t, got, ms.Len(), "messages in file mode against command mode")
		for i, m := range got {
			require.Equal(t, data(ms.Index(i)), m.Data, "message %d: file mode (actual) against command mode (expected)", i)
		}

		for _, tac := range file.Tactics {
			for _, p := range []syntax.Pos{tac.Pos, tac.End, {Line: tac.Pos.Line, Col: 0}, {Line: tac.End.Line, Col: tac.End.Col + 1}} {
				file.GoalsAt(p)
			}
		}
	})
}

func ExampleElaborateFile() {
	src := "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  constructor\n  exact hp\n"
	f := frontend.ElaborateFile(src, frontend.FileOptions{})
	for _, m := range f.Messages() {
		fmt.Printf("%s at %d:%d: %s\n", m.Severity, m.Pos.Line, m.Pos.Col, firstLineOf(m.Data))
	}
	goals, _ := f.GoalsAt(syntax.Pos{Line: 2, Col: 13}) // the end of `constructor`
	fmt.Println(len(goals), "goals after constructor")
	// Output:
	// error at 1:52: unsolved goals
	// 2 goals after constructor
}
