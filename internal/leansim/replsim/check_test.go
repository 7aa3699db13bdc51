package replsim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// infoData lists the data of a command reply's info messages.
func infoData(v Value) []string {
	var out []string
	ms, _ := v.Get("messages")
	for i := 0; i < ms.Len(); i++ {
		if sev, _ := ms.Index(i).Get("severity"); sev.s == "info" {
			out = append(out, data(ms.Index(i)))
		}
	}
	return out
}

// `#check @NAME` prints the statement as the simulator elaborated it, with the elaboration's
// decisions visible: equal statements print alike, statements that elaborate differently do
// not, and pp options (the semantic guard sets many) change nothing.
func TestCheckExplicit(t *testing.T) {
	const guard = "set_option pp.all true in set_option pp.maxSteps 1000000 in #check @_root_.t"
	check := func(src string) string {
		t.Helper()
		v := cmdReply(t, NewServer(Options{}), src+"\n"+guard)
		require.Empty(t, errorsOf(v), "%q", src)
		infos := infoData(v)
		require.Len(t, infos, 1, "%q: want one #check report", src)
		return infos[0]
	}
	got := check("theorem t (a b : Nat) (h : a = 2 * b) (x : Int) (hx : x = a - 1) : ∀ k : Nat, k + a ≥ Nat.succ 5 := sorry")
	want := "@t : (∀ (a : Nat) (b : Nat), (→ (=[Nat] a (*[Nat] (2 : Nat) b)) (∀ (x : Int), (→ (=[Int] x (-[Int] (↑[Nat→Int] a) (1 : Int))) (∀ (k : Nat), (≥[Nat] (+[Nat] k a) (@Nat.succ (5 : Nat))))))))"
	assert.Equal(t, want, got)
	same := check("theorem t (a b : Nat) (h : a = 2 * b) (x : Int) (hx : x = a - 1) : ∀ k : Nat, k + a ≥ Nat.succ 5 := by\n  intro k\n  sorry")
	assert.Equal(t, got, same, "the same statement with another proof prints differently")
	for _, other := range []string{
		"theorem t (a b : Nat) (h : a = 2 * b) (x : Int) (hx : x = a - 1) : ∀ k : Nat, k + a ≥ Nat.succ 6 := sorry",
		"theorem t (a b : Int) (h : a = 2 * b) (x : Int) (hx : x = a - 1) : ∀ k : Int, k + a ≥ Int.ofNat 5 := sorry",
		"theorem t : (2 : Int) - 3 + 1 = 0 := sorry",
	} {
		assert.NotEqual(t, got, check(other), "a different statement prints the same")
	}
	a, b := check("theorem t : 2 - 3 + 1 = 0 := sorry"), check("theorem t : (2 : Int) - 3 + 1 = 0 := sorry")
	assert.NotEqual(t, a, b, "the numerals' elaborated types must show")
	assert.Contains(t, a, "[Nat]", "the numerals' elaborated types must show")
	assert.Contains(t, b, "[Int]", "the numerals' elaborated types must show")
	assert.Equal(t, "@t : Nat", check("def t := 3"), "a definition's type")

	v := cmdReply(t, NewServer(Options{}), "#check @_root_.nope")
	if errs := errorsOf(v); assert.Len(t, errs, 1, "unknown name") {
		assert.Equal(t, "Unknown identifier `_root_.nope`", data(errs[0]), "unknown name")
	}
	v = cmdReply(t, NewServer(Options{}), "#check 1 + 1")
	if errs := errorsOf(v); assert.Len(t, errs, 1, "other #check forms are not simulated") {
		assert.Contains(t, data(errs[0]), "not simulated", "other #check forms are not simulated")
	}
}
