package formal

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/leanbridge/proofchain"
	"github.com/leanprm/leanprm/leanbridge/verify"
)

// LeanSteps judges the Lean steps of a chain (fenced ```lean blocks) and leaves the prose
// steps to Inner. A Lean step is a theorem with its proof; it is:
//   - verified (fully formal, score 1 under the default policy) when every tactic was accepted,
//     the proof completed, the assembled proof re-checked in command mode, and the checks of
//     verify-proof found nothing (no sorry, native_decide, new axioms, code execution, …);
//   - refuted when Lean rejected a tactic on its goal, with Lean's messages attached;
//   - unknown when it could not be judged: no Lean, anti-cheat findings, an unfinished proof,
//     a statement that does not elaborate here, an error that comes from the environment
//     (an unknown name or tactic: Mathlib notation without Mathlib, Lean 3 syntax) or from a
//     resource limit, a crash or timeout. Soundness first: a proof is never refuted for what
//     this environment lacks.
//
// CheckStep runs the checks that need no Lean (precheck), then Checker, then Verdict, the
// pure rule from a chain's result to the step's verdict.
type LeanSteps struct {
	Inner   hybrid.Formal
	Checker proofchain.Checker // nil without Lean; never a typed nil
	Header  string             // the import header a step without one runs under
}

var _ hybrid.Formal = LeanSteps{}

func (l LeanSteps) JudgeSteps(ctx context.Context, problem string, steps []chain.Step) ([]hybrid.FormalStep, error) {
	out, err := l.Inner.JudgeSteps(ctx, problem, steps)
	if err != nil {
		return nil, err
	}
	for i, s := range steps {
		if s.Formal && i < len(out) {
			out[i] = l.CheckStep(ctx, s.Text)
		}
	}
	return out, nil
}

// leanUnknown is a Lean step without a verdict, and why.
func leanUnknown(src, why string) hybrid.FormalStep {
	return hybrid.FormalStep{Verdict: hybrid.Unknown, FullyFormal: true,
		Obligations: []hybrid.Obligation{{Text: "Lean step", Lean: src, Verdict: hybrid.Unknown, Messages: []string{why}}}}
}

// precheck reads the step src as a chain and runs the checks that need no Lean. It returns
// the chain to check, or the step's final verdict when it stops there (done true).
func (l LeanSteps) precheck(src string) (ch proofchain.Chain, fs hybrid.FormalStep, done bool) {
	ch, err := proofchain.FromSource(src, "")
	if err != nil {
		if l.Checker == nil {
			return ch, notChecked(src), true
		}
		return ch, leanUnknown(src, err.Error()), true
	}
	// The step's own theorem header is its statement: the anti-cheat checks then look at the
	// proof (sorry, native_decide, axioms, code execution, syntax changes, …). They run with
	// or without Lean. An `example` is checked as a theorem of a name of its own.
	stText, proofText := namedExample(ch.Preamble+"\n"+ch.Statement, src)
	st, err := verify.ParseStatement(stText)
	if err != nil {
		if l.Checker == nil {
			return ch, notChecked(src), true
		}
		return ch, leanUnknown(src, "not a theorem with a proof: "+err.Error()), true
	}
	if rep := verify.CheckStatic(st, proofText, headerModules(l.Header)); len(rep.Reasons) > 0 {
		var why []string
		for _, r := range rep.Reasons {
			why = append(why, string(r.Code)+": "+r.Detail)
		}
		return ch, leanUnknown(src, "not checked, the proof uses what contest-grade checking rejects: "+strings.Join(why, "; ")), true
	}
	if l.Checker == nil {
		return ch, notChecked(src), true // the step keeps its learned score
	}
	if ch.Header == "" {
		ch.Header = l.Header
	}
	return ch, hybrid.FormalStep{}, false
}

// CheckStep judges one Lean step (its source text).
func (l LeanSteps) CheckStep(ctx context.Context, src string) hybrid.FormalStep {
	ch, fs, done := l.precheck(src)
	if done {
		return fs
	}
	res, err := l.Checker.CheckChain(ctx, ch)
	if err != nil {
		if proofchain.NoVerdict(err) {
			return leanUnknown(src, "no verdict: "+err.Error())
		}
		return leanUnknown(src, err.Error())
	}
	return Verdict(res)
}

// Verdict is the rule from a checked chain to a Lean step's verdict: verified when Lean
// verified the whole proof; refuted when Lean rejected a tactic and nothing says the
// environment could not judge it; unknown otherwise. One obligation per tactic, and one for
// the whole proof when it was not verified and has problems. It does not modify res.
func Verdict(res *proofchain.Result) hybrid.FormalStep {
	fs := hybrid.FormalStep{Checker: res.Checker, FullyFormal: true}
	rejected, undecidedWhy := false, ""
	if proofchain.HasError(res.StatementMessages) {
		// A statement that does not elaborate here usually needs what this environment lacks
		// (Mathlib notation such as ℕ, another import): no verdict on the proof.
		why, _ := undecided(res.StatementMessages)
		if why == "" {
			why = "the statement does not elaborate in this environment"
		}
		undecidedWhy = why
	}
	for _, s := range res.Steps {
		ob := hybrid.Obligation{Text: s.Tactic, Lean: s.Tactic, Checker: res.Checker}
		switch s.Status {
		case proofchain.Accepted:
			ob.Verdict = hybrid.Verified
			if len(s.Goals) > 0 {
				ob.Messages = append(ob.Messages, "goals after: "+strings.Join(s.Goals, " | "))
			}
		case proofchain.Failed:
			if why, ok := undecided(s.Messages); ok {
				// Lean could not judge the step here (a missing import, a resource limit),
				// which says nothing about whether the proof is right.
				ob.Verdict, undecidedWhy = hybrid.Unknown, why
			} else {
				ob.Verdict, rejected = hybrid.Refuted, true
			}
		default:
			ob.Verdict = hybrid.Unknown
			ob.Messages = append(ob.Messages, "not run")
		}
		for _, m := range s.Messages {
			ob.Messages = append(ob.Messages, m.String())
		}
		fs.Obligations = append(fs.Obligations, ob)
	}
	problems := slices.Clip(res.Problems)
	switch {
	case res.Verified:
		fs.Verdict = hybrid.Verified
	case rejected && undecidedWhy == "":
		fs.Verdict = hybrid.Refuted
	default:
		fs.Verdict = hybrid.Unknown
		if undecidedWhy != "" {
			problems = append(problems, "no verdict: "+undecidedWhy)
		}
	}
	if !res.Verified && len(problems) > 0 {
		fs.Obligations = append(fs.Obligations, hybrid.Obligation{Text: "whole proof", Lean: res.Text,
			Verdict: fs.Verdict, Checker: res.Checker, Messages: problems})
	}
	return fs
}

// NotCheckedNoLean is what a Lean step says when no REPL is configured.
const NotCheckedNoLean = "not checked: no Lean"

// notChecked is a Lean step without Lean: no formal verdict (the learned score stands), and
// an obligation that says why.
func notChecked(src string) hybrid.FormalStep {
	return hybrid.FormalStep{Verdict: hybrid.NoVerdict, FullyFormal: true,
		Obligations: []hybrid.Obligation{{Text: "Lean step", Lean: src, Verdict: hybrid.NoVerdict, Messages: []string{NotCheckedNoLean}}}}
}

// exampleKW finds the `example` keyword that starts a declaration.
var exampleKW = regexp.MustCompile(`(?m)^(\s*(?:@\[[^\]]*\]\s*)*(?:(?:private|protected|noncomputable|nonrec)\s+)*)example\b`)

// namedExample gives `example` declarations a name, so that the contest checks (written for
// named theorems) judge an example exactly like the theorem it would be. The statement's
// example is the last one in the proof text (proofchain.FromSource takes the last declaration).
func namedExample(statement, proof string) (string, string) {
	n := 0
	proof = exampleKW.ReplaceAllStringFunc(proof, func(m string) string {
		n++
		return exampleKW.ReplaceAllString(m, fmt.Sprintf("${1}theorem leanprm_example_%d", n))
	})
	statement = exampleKW.ReplaceAllString(statement, fmt.Sprintf("${1}theorem leanprm_example_%d", n))
	return statement, proof
}

// undecidedRE matches Lean errors that come from the environment or from resource limits
// rather than from the proof: names this environment lacks (Mathlib, another import, Lean 3
// syntax), instances it cannot find, timeouts, recursion limits, and the simulator's
// "not simulated".
var undecidedRE = regexp.MustCompile(`(?i)unknown (identifier|constant|namespace|tactic|module|attribute|declaration)|unexpected token|unknown package|failed to synthesize|heartbeats|timeout|maximum recursion|deep recursion|stack overflow|out of memory|not simulated`)

// undecided reports whether an error among msgs is one of undecidedRE's, and which.
func undecided(msgs []proofchain.Message) (string, bool) {
	for _, m := range msgs {
		if m.Severity == "error" && undecidedRE.MatchString(m.Data) {
			first, _, _ := strings.Cut(m.Data, "\n")
			return "Lean could not judge it here: " + first, true
		}
	}
	return "", false
}

// headerModules lists the modules of an import header ("import Mathlib" → Mathlib).
func headerModules(header string) []string {
	mods, err := verify.ParseHeader(header)
	if err != nil {
		return nil
	}
	return mods
}
