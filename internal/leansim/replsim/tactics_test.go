package replsim

import (
	"strings"
	"testing"

	"github.com/leanprm/leanprm/internal/leansim/syntax"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// accepted reports whether a command reply has no error message and no sorry.
func accepted(v Value) bool {
	_, hasSorries := v.Get("sorries")
	return len(errorsOf(v)) == 0 && !hasSorries && !strings.Contains(v.String(), "declaration uses `sorry`")
}

// TestTacticsProve: true claims the simulated tactics prove, each as Lean would accept it.
func TestTacticsProve(t *testing.T) {
	for _, src := range []string{
		// subst, in both directions, and on a variable
		"theorem t (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6 := by\n  subst hb\n  subst h\n  rfl",
		"theorem t (a b : Nat) (h : 2 * b = a) (hb : 3 = b) : a = 6 := by\n  subst hb h\n  rfl",
		"theorem t (a b : Int) (h : a = b) (hb : b = 4) : a + b = 8 := by\n  subst b\n  subst a\n  decide",
		// omega: Int and Nat, subtraction, division, modulo, casts, succ, disjunctions
		"theorem t (x y : Int) (h₁ : x + y = 10) (h₂ : x - y = 2) : x = 6 := by omega",
		"theorem t (n : Nat) (h : 3 * n + 4 ≤ 19) : n ≤ 5 := by omega",
		"theorem t (k : Nat) : 2 * k - k = k := by omega",
		"theorem t (n : Nat) (h : n % 2 = 0) : n = 2 * (n / 2) := by omega",
		"theorem t (x : Int) (h : x = -7) : x / 2 = -4 ∧ x % 2 = 1 := by omega",
		"theorem t (n : Nat) (h : (n : Int) - 1 = 4) : n = 5 := by omega",
		"open Nat in theorem t (n : Nat) : succ n = n + 1 := by omega",
		"theorem t (a b : Nat) (h : a < b ∨ a = b) : a ≤ b := by omega",
		"theorem t (a b : Nat) (h : a ≤ b) (h' : b ≤ a) : a = b := by omega",
		"theorem t (x : Nat) (h : x * x = 4) (h2 : x * x + 1 = 3) : False := by omega",
		"theorem t (a : Nat) (h : ¬a < 3) (h' : a ≠ 3) : a ≥ 4 := by omega",
		// obtain / rcases, rw with hypotheses, library lemmas and user theorems, exact
		"theorem t (n : Nat) (h : n % 2 = 0) : n * n % 2 = 0 := by\n  obtain ⟨k, rfl⟩ : ∃ k, n = 2 * k := ⟨n / 2, by omega⟩\n  rw [Nat.mul_assoc]\n  exact Nat.mul_mod_right 2 _",
		"theorem t (p q : Prop) (h : p ∧ q) : q ∧ p := by\n  obtain ⟨hp, hq⟩ := h\n  exact ⟨hq, hp⟩",
		"theorem t (p q : Prop) (h : p ∨ q) : q ∨ p := by\n  rcases h with hp | hq\n  · right\n    exact hp\n  · left\n    exact hq",
		"theorem t (h : ∃ k : Nat, k + 1 = 5) : ∃ m : Nat, m = 4 := by\n  obtain ⟨k, hk⟩ := h\n  exact ⟨k, by omega⟩",
		"theorem t (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6 := by rw [h, hb]",
		"theorem two_mul_eq (x : Nat) : 2 * x = x + x := by omega\ntheorem t (k : Nat) : 2 * k - k = k := by\n  rw [two_mul_eq]\n  omega",
		"theorem t (a b : Nat) : a + b = b + a := by rw [Nat.add_comm]",
		"theorem t (a b c : Nat) (h : b = c) : a + b = a + c := by rw [← h]",
		"theorem t (a b : Nat) (h : a + 0 = b) : a = b := by\n  rw [Nat.add_zero] at h\n  exact h",
		// term-mode proofs
		"theorem t (n : Nat) : ∀ m : Nat, n + m = m + n := fun m => Nat.add_comm n m",
		"open Nat\ntheorem t (n : Nat) : 0 < succ n := Nat.succ_pos n",
		"theorem t (n : Nat) : 0 < n.succ := Nat.succ_pos n",
		"theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := ⟨hp, hq⟩",
		"theorem t (p q : Prop) (hp : p) : p ∨ q := Or.inl hp",
		"theorem t (p q : Prop) (h : p ∧ q) : q := h.2",
		"theorem t (a b : Nat) (h : a = b) : b = a := h.symm",
		"theorem t (p : Prop) (h : False) : p := h.elim",
		"theorem t (p q : Prop) (hp : p) (hn : ¬p) : q := absurd hp hn",
		"theorem t (p q : Prop) (hq : q) : p → q := fun _ => hq",
		"theorem t : ∃ k : Nat, 3 = k + 1 := ⟨2, rfl⟩",
		"theorem t (p q : Prop) (hp : p) (hq : q) : p ↔ q := ⟨fun _ => hq, fun _ => hp⟩",
		"theorem t (a : Nat) (h : a = 2 * 3) : a = 6 := h",
		"theorem helper (x : Nat) (h : x = 1) : x + 1 = 2 := by omega\ntheorem t : 1 + 1 = 2 := helper 1 rfl",
		// intro, constructor, cases, exfalso, contradiction, assumption, show, apply
		"theorem t : ∀ a b : Nat, a + b = b + a := by\n  intro a b\n  omega",
		"theorem t (p q : Prop) (hq : q) : p → q := by\n  intro _\n  exact hq",
		"theorem t (a : Nat) : a ≠ a + 1 := by\n  intro h\n  omega",
		"theorem t (p q : Prop) (hp : p) (hq : q) : p ↔ q := by\n  constructor\n  · intro _\n    exact hq\n  · intro _\n    exact hp",
		"theorem t (p : Prop) (h : p) (hn : ¬p) : 1 = 2 := by\n  exfalso\n  contradiction",
		"theorem t (p : Prop) (h : p) : p := by assumption",
		"theorem t (a b : Nat) (h : b ≥ a) : a ≤ b := by\n  show a ≤ b\n  exact h",
		"theorem t (a b : Nat) (h : b ≥ a) : a ≤ b := h",
		"theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  apply And.intro\n  · exact hp\n  · exact hq",
		"theorem t (p q : Prop) (hq : q) : p ∨ q := by\n  apply Or.inr\n  exact hq",
		// scoped options and namespaces, try, stop-free blocks, simp on closed claims
		"theorem t (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6 := by\n  open Nat in\n  subst hb\n  subst h\n  rfl",
		"theorem t (n : Nat) (h : 3 * n + 4 ≤ 19) : n ≤ 5 := by\n  set_option maxHeartbeats 400000 in omega",
		"set_option maxHeartbeats 400000 in\nset_option pp.all false in\ntheorem t (n : Nat) (h : 3 * n + 4 ≤ 19) : n ≤ 5 := by omega",
		"theorem t : 2 + 2 = 4 := by\n  try contradiction\n  simp",
		"theorem t (a : Nat) (h : a = 1) : a = 1 := by\n  try omega\n  try rfl",
		// strings and characters in have
		"theorem t : True := by\n  have _s : String := \"sorry; #eval\"\n  have _r : String := r#\"a \"sorry\"\"#\n  have _c : Char := 's'\n  have _i : String := s!\"{1 + 2}\"\n  trivial",
		// modifiers and attributes, «escaped» names, doc comments
		"/-- doc -/\n@[simp] private theorem t (hb : 1 = 1) : True := by\n  have «h» : 1 = 1 := «hb»\n  trivial",
	} {
		t.Run(firstLineOf(src), func(t *testing.T) {
			v := cmdReply(t, NewServer(Options{}), src)
			require.True(t, accepted(v), "%s\nnot accepted:\n%v", src, v)
		})
	}
}

func firstLineOf(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// TestTacticsRefuse: false claims, wrong proofs and unmodelled tactics are never accepted —
// the simulator's soundness.
func TestTacticsRefuse(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		// omega on false claims
		{"theorem t (a : Nat) (h : a - 5 = 0) : a = 0 := by omega", "omega could not prove the goal"},
		{"theorem t (x : Int) (h : x * x = 4) : x = 2 := by omega", "omega could not prove the goal"},
		{"theorem t (x : Nat) : x / 2 * 2 = x := by omega", "omega could not prove the goal"},
		{"theorem t (a b : Int) (h : a < b) : a + 1 < b := by omega", "omega could not prove the goal"},
		{"theorem t (n : Nat) : n - 1 + 1 = n := by omega", "omega could not prove the goal"},
		{"theorem t (x y : Nat) (h : x % 3 = 1) (h2 : y % 3 = 2) : (x + y) % 3 = 1 := by omega", "omega could not prove the goal"},
		{"theorem t (x : Int) (h : x = -7) : x / 2 = -3 := by omega", "omega could not prove the goal"},
		{"open Nat in theorem t (n : Nat) : succ n = n + 2 := by omega", "omega could not prove the goal"},
		{"theorem t (x y : Rat) (h : x = y) : y = x := by omega", "omega could not prove the goal"},
		// shadowed variables stay apart
		{"theorem t (a : Nat) (h : a = 1) : ∀ a : Nat, a = 1 := by\n  intro a\n  omega", "omega could not prove the goal"},
		{"theorem t (k : Nat) (h : k = 5) : False := by\n  obtain ⟨k, hk⟩ : ∃ k : Nat, k = 3 := ⟨3, rfl⟩\n  omega", "omega could not prove the goal"},
		{"theorem t (a : Nat) (h : a = 1) (a : Nat) : a = 1 := by omega", "omega could not prove the goal"},
		{"theorem t (j : Nat) (h : ∃ k : Nat, k = j + 1) : False := by\n  obtain ⟨j, hj⟩ := h\n  omega", "omega could not prove the goal"},
		{"def a : Nat := 5\ntheorem t (a : Nat) : a = 5 := by rfl", "Tactic `rfl` failed"},
		// wrong proofs
		{"theorem t (a b : Nat) (h : a = b) : a = b + 1 := by rw [h]", "unsolved goals"},
		{"theorem t (n m : Nat) : n + m = n + m + 0 := Nat.add_comm n m", "type mismatch"},
		{"theorem t (a b : Nat) (h : a < b) : b < a := h.symm", "is not simulated"},
		{"theorem t : ∃ k : Nat, 3 = k + 1 := ⟨3, rfl⟩", "Tactic `rfl` failed"},
		{"theorem t (p q : Prop) : p → q := fun h => h", "type mismatch"},
		{"theorem t : 1 = 2 ∨ 2 = 2 := by\n  left\n  decide", "is false"},
		{"theorem t (p : Prop) (h : p) : 1 = 2 := by contradiction", "`contradiction` failed"},
		{"theorem t (k : Nat) : 2 * k % 2 = 0 := Nat.mul_mod_right 3 _", "type mismatch"},
		{"theorem t (p q : Prop) (hp : p) : p ∧ q := ⟨hp, hp⟩", "type mismatch"},
		{"theorem t (p q : Prop) (hp : p) : q := by assumption", "`assumption` failed"},
		{"theorem t (a b : Nat) : a = b := by\n  show b = a\n  sorry", "is not definitionally equal"},
		{"theorem t (p q : Prop) (hp : p) : p ∧ q := by\n  apply And.intro\n  · exact hp", "unsolved goals"},
		{"theorem t (a b : Nat) (h : a = b) : b = a := by\n  subst h\n  decide", "free variables"},
		{"theorem t : ∀ n : Nat, n = n := by decide", "failed to synthesize"},
		{"theorem t (n : Nat) : n + 0 = n := by simp", "not simulated"},
		{"theorem t : 2 + 2 = 5 := by simp", "unsolved goals\n⊢ False"},
		{"theorem t (a : Nat) : a = a := by stop", ""},
		{"theorem t : (2 : Nat) ^ 10 % 7 = 2 := by\n  decide (config := { maxRecDepth := 3 })", "not simulated"},
		{"theorem t (a : Nat) (h : a = 1) : a = 2 := by rw [h] at h", "unsolved goals"},
		{"theorem t (a : Nat) (h : a = 1) : a = 2 := by rw [Nat.add_zero] at h", "did not find instance"},
		{"theorem t (h : ∃ k : Nat, k = 1) : False := by\n  obtain ⟨k, rfl⟩ := h\n  omega", "omega could not prove the goal"},
		{"theorem t (x : Nat) : x = x := by induction x", "not simulated"},
	} {
		t.Run(firstLineOf(tt.src), func(t *testing.T) {
			v := cmdReply(t, NewServer(Options{}), tt.src)
			require.False(t, accepted(v), "%s\nwas accepted: %v", tt.src, v)
			if tt.want != "" {
				require.Contains(t, v.String(), syntax.Quote(tt.want)[1:len(syntax.Quote(tt.want))-1], "%s", tt.src)
			}
		})
	}
}

// TestGoalsInTacticMode: the goals a step leaves, as a REPL client sees them.
func TestGoalsInTacticMode(t *testing.T) {
	s := NewServer(Options{})
	v := cmdReply(t, s, "theorem t (n : Nat) (h : n % 2 = 0) : n * n % 2 = 0 := by sorry\n"+
		"theorem u (a : Nat) (h : a = 1) : ∀ a : Nat, a + 0 = a := by sorry\n"+
		"theorem w (p q : Prop) (h : p ∨ q) : q ∨ p := by sorry")
	step := func(state int, tactic string) (int, []string, string) {
		t.Helper()
		r, err := s.Handle(Obj().Set("proofState", Int(state)).Set("tactic", Str(tactic)).String())
		require.NoError(t, err)
		m, ok := r.Get("message")
		require.False(t, ok, "%s: %s", tactic, m.s)
		id, _ := r.Get("proofState")
		n, _ := id.AsNat()
		gs, _ := r.Get("goals")
		var goals []string
		for i := 0; i < gs.Len(); i++ {
			goals = append(goals, gs.Index(i).s)
		}
		st, _ := r.Get("proofStatus")
		return n, goals, st.s
	}
	srs, _ := v.Get("sorries")
	require.Equal(t, 3, srs.Len(), "sorries: %v", v)
	for _, tt := range []struct {
		state   int
		tactics []string
		goals   [][]string
	}{
		{0, []string{"obtain ⟨k, rfl⟩ : ∃ k, n = 2 * k := ⟨n / 2, by omega⟩", "rw [Nat.mul_assoc]", "exact Nat.mul_mod_right 2 _"},
			[][]string{{"k : Nat\nh : 2 * k % 2 = 0\n⊢ 2 * k * (2 * k) % 2 = 0"}, {"k : Nat\nh : 2 * k % 2 = 0\n⊢ 2 * (k * (2 * k)) % 2 = 0"}, nil}},
		{1, []string{"intro a", "omega"}, [][]string{{"a✝ : Nat\nh : a✝ = 1\na : Nat\n⊢ a + 0 = a"}, nil}},
		{2, []string{"rcases h with hp | hq"}, [][]string{{"case inl\np q : Prop\nhp : p\n⊢ q ∨ p", "case inr\np q : Prop\nhq : q\n⊢ q ∨ p"}}},
	} {
		state := tt.state
		for i, tac := range tt.tactics {
			next, goals, status := step(state, tac)
			assert.Equal(t, strings.Join(tt.goals[i], "\n\n"), strings.Join(goals, "\n\n"), "after %q", tac)
			assert.Equal(t, len(goals) == 0, status == "Completed", "after %q: status %q with %d goals", tac, status, len(goals))
			state = next
		}
	}
}

// TestPrintAxioms: `#print axioms` reports what each declaration was elaborated with.
func TestPrintAxioms(t *testing.T) {
	src := strings.Join([]string{
		"theorem a1 : 2 + 2 = 4 := by decide",
		"theorem a2 (x : Int) (h : x + 1 = 3) : x = 2 := by omega",
		"theorem a3 : 2 + 2 = 4 := by native_decide",
		"theorem a4 : 2 + 2 = 5 := by sorry",
		"theorem a5 : 1 = 2 := by decide",
		"axiom cheat : ∀ n : Nat, n = 0",
		"theorem a6 : 5 = 0 := cheat 5",
		"theorem a7 : 2 + 2 = 5 := a4",
		"theorem a8 (x : Int) (h : x + 1 = 3) : x + 0 = 2 := by\n  rw [Int.add_zero]\n  exact a2 x h",
		"#print axioms a1", "#print axioms a2", "#print axioms a3", "#print axioms a4", "#print axioms a5",
		"#print axioms cheat", "#print axioms a6", "#print axioms a7", "#print axioms a8", "#print axioms nope",
	}, "\n")
	v := cmdReply(t, NewServer(Options{}), src)
	ms, _ := v.Get("messages")
	var infos []string
	for i := 0; i < ms.Len(); i++ {
		if sev, _ := ms.Index(i).Get("severity"); sev.s == "info" {
			infos = append(infos, data(ms.Index(i)))
		}
	}
	want := []string{
		"'a1' does not depend on any axioms",
		"'a2' depends on axioms: [propext]",
		"'a3' depends on axioms: [Lean.ofReduceBool]",
		"'a4' depends on axioms: [sorryAx]",
		"'a5' depends on axioms: [sorryAx]",
		"'cheat' depends on axioms: [cheat]",
		"'a6' depends on axioms: [cheat]",
		"'a7' depends on axioms: [sorryAx]",
		"'a8' depends on axioms: [propext]",
	}
	require.Equal(t, strings.Join(want, "\n"), strings.Join(infos, "\n"), "reports")
	errs := errorsOf(v)
	last := errs[len(errs)-1]
	require.Equal(t, "Unknown constant `nope`", data(last), "unknown constant: %v", last)
	// The report sits on the #print line, from the command's start to the name's end.
	m := ms.Index(ms.Len() - 2)
	p, _ := m.Get("pos")
	e, _ := m.Get("endPos")
	l, _ := p.Get("line")
	assert.Equal(t, "20", l.num, "report on line")
	c, _ := e.Get("column")
	assert.Equal(t, "16", c.num, "report ends at column")
}

// TestTacticModeLies: -tactic-mode-lies makes failing tactics report "Completed" in tactic
// mode only; commands stay honest.
func TestTacticModeLies(t *testing.T) {
	s := NewServer(Options{TacticModeLies: true})
	v := cmdReply(t, s, "theorem t : 2 + 2 = 5 := by sorry")
	srs, _ := v.Get("sorries")
	require.Equal(t, 1, srs.Len(), "%v", v)
	r, err := s.Handle(`{"proofState": 0, "tactic": "decide"}`)
	require.NoError(t, err)
	st, _ := r.Get("proofStatus")
	require.Equal(t, "Completed", st.s, "no lie: %v", r)
	v = cmdReply(t, s, "theorem t : 2 + 2 = 5 := by decide")
	require.False(t, accepted(v), "command mode lied too: %v", v)
}

// TestFaultsAfterStart: the first N requests are spared even a fault scheduled for them.
func TestFaultsAfterStart(t *testing.T) {
	opts := Options{Faults: []ScheduledFault{{After: 0, Kind: FaultGarbage}, {After: 3, Kind: FaultGarbage}}, FaultsAfterStart: 2}
	out, _, code := serve(t, requests(5), opts)
	cs := chunks(out)
	require.Equal(t, 0, code, "exit code")
	require.Len(t, cs, 5, "replies")
	for i, c := range cs {
		assert.Equal(t, i == 3, strings.Contains(c, "injected garbage"), "reply %d: %q", i, c)
	}
	o, err := ParseFlags([]string{"-faults-after-start", "3", "-tactic-mode-lies"}, &strings.Builder{})
	require.NoError(t, err, "flags")
	require.Equal(t, 3, o.FaultsAfterStart, "flags: %+v", o)
	require.True(t, o.TacticModeLies, "flags: %+v", o)
	_, err = ParseFlags([]string{"-faults-after-start", "-1"}, &strings.Builder{})
	require.Error(t, err, "a negative -faults-after-start was accepted")
}
