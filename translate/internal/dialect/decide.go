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
	if !p.Negated && !p.Forall && negationOf(lean, leanNeg, p.Prop) {
		// ¬(P) spelled from P's own text: its parse reads the same hypothesis and
		// Prop and evaluates them to the same value, so it is not read again.
		return Outcome{Proved: p.Holds, Disproved: !p.Holds}
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

// negationOf reports that leanNeg is lean, a declaration that Parse read with the Prop prop
// (not negated), with prop written as ¬(prop) and nothing else changed. Parse reads prop the
// same way in both: what follows it (" := by …" in lean, ")" in leanNeg) continues no term.
func negationOf(lean, leanNeg, prop string) bool {
	end := strings.Index(lean, " := by ") // the first: no Prop or term holds ":="
	start := end - len(prop)
	if end < 0 || start < 0 || lean[start:end] != prop || len(leanNeg) != len(lean)+len("¬()") {
		return false
	}
	neg := leanNeg[start:]
	return leanNeg[:start] == lean[:start] && strings.HasPrefix(neg, "¬(") &&
		neg[len("¬("):len("¬(")+len(prop)] == prop && neg[len("¬(")+len(prop)] == ')' &&
		neg[len("¬(")+len(prop)+1:] == lean[end:]
}
