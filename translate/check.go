package translate

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/dialect"
)

// Chain translates and checks one chain. The error is the context's,
// if it ended first; checker failures are verdicts, not errors. It is
// ChainProblem with no problem.
func (t *Translator) Chain(ctx context.Context, id string, steps []string) (ChainResult, error) {
	return t.ChainProblem(ctx, id, "", steps)
}

// ChainProblem translates (TranslateProblem) and checks the steps of a
// solution to problem.
func (t *Translator) ChainProblem(ctx context.Context, id, problem string, steps []string) (ChainResult, error) {
	res := t.TranslateProblem(id, problem, steps)
	err := t.Check(ctx, &res)
	return res, err
}

// Check decides the obligations of res in place: with the exact checker,
// with Lean in one command for the whole chain, or with both.
func (t *Translator) Check(ctx context.Context, res *ChainResult) error {
	var obls []*Obligation
	for i := range res.Steps {
		for j := range res.Steps[i].Obligations {
			obls = append(obls, &res.Steps[i].Obligations[j])
		}
	}
	defer setStepVerdicts(res)
	if len(obls) == 0 {
		return ctx.Err()
	}
	var exact, lean []Answer
	var leanMsgs [][]LeanMessage
	var names []string
	if t.opts.Lean != nil {
		var err error
		lean, leanMsgs, err = t.runLean(ctx, res, obls)
		if err != nil {
			return err
		}
		names = append(names, t.opts.Lean.Backend())
	}
	if !t.opts.NoExact {
		exact = make([]Answer, len(obls))
		for i, o := range obls {
			exact[i] = exactVerdict(t.opts.ExactCache.outcome(o.Lean, o.LeanNeg, t.opts.Tactic, t.opts.IdentityTactic), o)
		}
		names = append(names, "exact")
	}
	res.Checker = strings.Join(names, "+")
	for i, o := range obls {
		var answers []Answer
		if lean != nil {
			answers = append(answers, lean[i])
			o.Messages = leanMsgs[i]
		}
		if exact != nil {
			answers = append(answers, exact[i])
		}
		o.Answers = answers
		combine(o, answers, res.Checker)
		if o.Warning != "" && !slices.Contains(res.Warnings, o.Warning) {
			res.Warnings = append(res.Warnings, o.Warning)
		}
	}
	return nil
}

// combine sets o's verdict from the checkers' answers. A checker that
// failed (crashed, timed out) gave no answer: it neither contradicts nor
// outvotes the others, whose verdict stands with a warning. Only two real
// answers that differ make the verdict Error, with both shown. When every
// checker failed, the verdict is Error, with a warning too: nothing was
// decided, and a gate on errors must see it.
func combine(o *Obligation, answers []Answer, checkers string) {
	var real, failed []Answer
	for _, a := range answers {
		if a.Failed {
			failed = append(failed, a)
		} else {
			real = append(real, a)
		}
	}
	if len(real) == 0 {
		a := answers[0]
		o.Verdict, o.Reason, o.Checker = Error, a.Reason, a.Checker
		o.Warning = fmt.Sprintf("the %s checker failed (%s); no checker decided the claims", a.Checker, a.Reason)
		return
	}
	first := real[0]
	o.Verdict, o.Reason, o.Checker = first.Verdict, first.Reason, first.Checker
	for _, a := range real[1:] {
		if a.Verdict != first.Verdict {
			o.Verdict = Error
			o.Checker = checkers
			o.Reason = fmt.Sprintf("checkers disagree: %s says %s (%s); %s says %s (%s)",
				first.Checker, first.Verdict, first.Reason, a.Checker, a.Verdict, a.Reason)
		}
	}
	for _, f := range failed {
		o.Warning = fmt.Sprintf("the %s checker failed (%s); the %s checker's verdicts stand",
			f.Checker, f.Reason, first.Checker)
	}
}

func setStepVerdicts(res *ChainResult) {
	for i := range res.Steps {
		s := &res.Steps[i]
		s.Verdict = StepNone
		all, approx := len(s.Obligations) > 0, false
		for _, o := range s.Obligations {
			if o.Verdict == Refuted {
				s.Verdict = StepRefuted
				break
			}
			switch o.Verdict {
			case Verified:
			case Approximate:
				approx = true
			default:
				all = false
			}
		}
		switch {
		case s.Verdict == StepRefuted || !all:
		case approx:
			s.Verdict = StepApproximate
		default:
			s.Verdict = StepVerified
		}
	}
}

// decided maps which of P and ¬(P) a checker accepted to a verdict.
func decided(o *Obligation, checker string, proved, disproved bool) Answer {
	a := Answer{Checker: checker}
	switch {
	case proved && disproved:
		a.Verdict, a.Reason = Error, "both P and ¬(P) were accepted"
	case proved:
		a.Verdict, a.Reason = o.OnProof, cmp.Or(o.WhyProof, "P holds")
		if o.OnProof == Unknown && o.Note != "" {
			a.Reason += "; " + o.Note
		}
	case disproved:
		a.Verdict, a.Reason = o.OnDisproof, cmp.Or(o.WhyDisproof, "¬(P) holds")
		if o.OnDisproof != Refuted && o.Note != "" {
			a.Reason += "; " + o.Note
		}
	default:
		a.Verdict, a.Reason = Unknown, "neither P nor ¬(P) was proved"
	}
	return a
}

// exactAnswer decides an obligation by evaluating its Lean text with
// exact rationals: the same text Lean would check.
func exactAnswer(o *Obligation, tactic, idTactic string) Answer {
	return exactVerdict(dialect.Decide(o.Lean, o.LeanNeg, tactic, idTactic), o)
}

// exactAnswer's verdict from the two declarations' exact reading (dialect.Decide), under the
// obligation's own policy (OnProof, OnDisproof, the reasons and note).
func exactVerdict(e dialect.Outcome, o *Obligation) Answer {
	if e.Fail != "" {
		return Answer{Checker: "exact", Verdict: Error, Reason: e.Fail}
	}
	return decided(o, "exact", e.Proved, e.Disproved)
}

// runLean sends every declaration of the chain in one command, two lines
// per obligation (P on line 2i+1, ¬(P) on line 2i+2), and maps messages
// back by line. A line is accepted when no error and no sorry lands on
// it; an error message spanning lines rejects all of them, and an error
// that cannot be placed rejects every line.
func (t *Translator) runLean(ctx context.Context, res *ChainResult, all []*Obligation) ([]Answer, [][]LeanMessage, error) {
	// Symbolic lines go only to workers that passed the identity probe
	// (docs/CONTRACTS.md §1b); otherwise the exact verdict stands alone.
	answersAll := make([]Answer, len(all))
	msgsAll := make([][]LeanMessage, len(all))
	var obls []*Obligation
	var idx []int
	noSym := false
	if s, ok := t.opts.Lean.(SymbolicLean); ok && !s.SymbolicOK() {
		noSym = true
	}
	for i, o := range all {
		if noSym && strings.HasPrefix(o.Lean, "example : ∀ (") {
			answersAll[i] = Answer{Checker: t.opts.Lean.Backend(), Verdict: Error, Failed: true,
				Reason: "no symbolic line was sent: the Lean workers failed the identity-tactic probe"}
			continue
		}
		obls = append(obls, o)
		idx = append(idx, i)
	}
	if len(obls) == 0 {
		return answersAll, msgsAll, nil
	}
	answers, msgs, err := t.runLeanLines(ctx, res, obls)
	if err != nil {
		return nil, nil, err
	}
	for k, i := range idx {
		answersAll[i], msgsAll[i] = answers[k], msgs[k]
	}
	return answersAll, msgsAll, nil
}

func (t *Translator) runLeanLines(ctx context.Context, res *ChainResult, obls []*Obligation) ([]Answer, [][]LeanMessage, error) {
	lines := make([]string, 0, 2*len(obls))
	for _, o := range obls {
		lines = append(lines, o.Lean, o.LeanNeg)
	}
	cmd := strings.Join(lines, "\n")
	res.Command = cmd
	backend := t.opts.Lean.Backend()
	answers := make([]Answer, len(obls))
	msgs := make([][]LeanMessage, len(obls))
	reply, err := t.opts.Lean.RunCommand(ctx, cmd)
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		for i := range answers {
			answers[i] = Answer{Checker: backend, Verdict: Error, Reason: "lean command failed: " + err.Error(), Failed: true}
		}
		return answers, msgs, nil
	}
	n := len(lines)
	rejected := make([]bool, n+2)
	perLine := make([][]LeanMessage, n+2)
	unplaced := ""
	for _, m := range reply.Messages {
		bad := m.Severity == "error" || m.Severity == "warning" && strings.Contains(m.Data, "sorry")
		first, last := m.Line, m.EndLine
		if last < first {
			last = first
		}
		if first < 1 || first > n {
			if bad && unplaced == "" {
				unplaced = m.Data
			}
			continue
		}
		if last > n {
			last = n
		}
		for l := first; l <= last; l++ {
			perLine[l] = append(perLine[l], m)
			if bad {
				rejected[l] = true
			}
		}
	}
	for _, l := range reply.SorryLines {
		if l >= 1 && l <= n {
			rejected[l] = true
		} else if unplaced == "" {
			unplaced = "a sorry outside the command's lines"
		}
	}
	for i, o := range obls {
		pl, nl := 2*i+1, 2*i+2
		msgs[i] = append(append([]LeanMessage(nil), perLine[pl]...), perLine[nl]...)
		if unplaced != "" {
			answers[i] = Answer{Checker: backend, Verdict: Error, Reason: "a Lean error could not be placed on a line: " + unplaced}
			continue
		}
		answers[i] = decided(o, backend, !rejected[pl], !rejected[nl])
	}
	return answers, msgs, nil
}
