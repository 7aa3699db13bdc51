package dialect

import "strings"

// Outcome is what the exact checker reads from an obligation's two declarations, before the
// obligation's own policy (what a proof and a disproof mean for it) makes it a verdict.
type Outcome struct {
	Fail              string // why the declarations could not be decided; "" when they were
	Proved, Disproved bool
}

// Decide reads an obligation's two lines, lean (P) and leanNeg (¬(P)), closed by tactic (or,
// for a symbolic P, by idTactic), and decides them exactly: a pure function of its arguments.
func Decide(lean, leanNeg, tactic, idTactic string) Outcome {
	if strings.HasPrefix(lean, "example : ∀ (") {
		return decideSymbolic(lean, leanNeg, tactic, idTactic)
	}
	p, err := Parse(lean, tactic)
	if err != nil {
		return Outcome{Fail: "cannot evaluate P: " + err.Error()}
	}
	n, err := Parse(leanNeg, tactic)
	if err != nil {
		return Outcome{Fail: "cannot evaluate ¬(P): " + err.Error()}
	}
	if p.Negated || !n.Negated || p.Prop != n.Prop || p.HypVar != n.HypVar {
		return Outcome{Fail: "the two declarations are not P and ¬(P)"}
	}
	return Outcome{Proved: p.Holds, Disproved: !p.Holds}
}

// decideSymbolic decides a symbolic obligation: P by ParseForall's reading and Proved, ¬(P)
// by evaluating the closed instance.
func decideSymbolic(lean, leanNeg, tactic, idTactic string) Outcome {
	fd, err := ParseForall(lean, idTactic)
	if err != nil {
		return Outcome{Fail: "cannot read P: " + err.Error()}
	}
	n, err := Parse(leanNeg, tactic)
	if err != nil {
		return Outcome{Fail: "cannot evaluate the instance: " + err.Error()}
	}
	if !n.Negated || n.HypVar != "" || !instanceOf(fd.Body, n.Prop) {
		return Outcome{Fail: "the second declaration is not the negation of an instance of P"}
	}
	proved, _ := fd.Proved()
	return Outcome{Proved: proved, Disproved: !n.Holds}
}
