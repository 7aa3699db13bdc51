package repl

import (
	"strings"
	"testing"
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
		if errs := errorsOf(v); len(errs) > 0 {
			t.Fatalf("%q: %v", src, errs)
		}
		infos := infoData(v)
		if len(infos) != 1 {
			t.Fatalf("%q: want one #check report, got %q", src, infos)
		}
		return infos[0]
	}
	got := check("theorem t (a b : Nat) (h : a = 2 * b) (x : Int) (hx : x = a - 1) : ∀ k : Nat, k + a ≥ Nat.succ 5 := sorry")
	want := "@t : (∀ (a : Nat) (b : Nat), (→ (=[Nat] a (*[Nat] (2 : Nat) b)) (∀ (x : Int), (→ (=[Int] x (-[Int] (↑[Nat→Int] a) (1 : Int))) (∀ (k : Nat), (≥[Nat] (+[Nat] k a) (@Nat.succ (5 : Nat))))))))"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	same := check("theorem t (a b : Nat) (h : a = 2 * b) (x : Int) (hx : x = a - 1) : ∀ k : Nat, k + a ≥ Nat.succ 5 := by\n  intro k\n  sorry")
	if same != got {
		t.Errorf("the same statement with another proof prints differently:\n%s\n%s", same, got)
	}
	for _, other := range []string{
		"theorem t (a b : Nat) (h : a = 2 * b) (x : Int) (hx : x = a - 1) : ∀ k : Nat, k + a ≥ Nat.succ 6 := sorry",
		"theorem t (a b : Int) (h : a = 2 * b) (x : Int) (hx : x = a - 1) : ∀ k : Int, k + a ≥ Int.ofNat 5 := sorry",
		"theorem t : (2 : Int) - 3 + 1 = 0 := sorry",
	} {
		if o := check(other); o == got {
			t.Errorf("a different statement prints the same: %s", o)
		}
	}
	if a, b := check("theorem t : 2 - 3 + 1 = 0 := sorry"), check("theorem t : (2 : Int) - 3 + 1 = 0 := sorry"); a == b || !strings.Contains(a, "[Nat]") || !strings.Contains(b, "[Int]") {
		t.Errorf("the numerals' elaborated types must show: %s / %s", a, b)
	}
	if d := check("def t := 3"); d != "@t : Nat" {
		t.Errorf("a definition's type: %s", d)
	}

	v := cmdReply(t, NewServer(Options{}), "#check @_root_.nope")
	if errs := errorsOf(v); len(errs) != 1 || data(errs[0]) != "Unknown identifier `_root_.nope`" {
		t.Errorf("unknown name: %v", errs)
	}
	v = cmdReply(t, NewServer(Options{}), "#check 1 + 1")
	if errs := errorsOf(v); len(errs) != 1 || !strings.Contains(data(errs[0]), "not simulated") {
		t.Errorf("other #check forms are not simulated: %v", errs)
	}
}
