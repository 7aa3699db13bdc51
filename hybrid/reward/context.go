package reward

// The learned PRM's context: a step that does no work must not raise the scores of the steps
// that do. A server scores a chain with such steps a second time without them, and each kept
// step keeps the lower of its two scores (internal/serve/idlepass.go, docs/REWARD.md).

// DoesNoWork is whether a step may do no work on the problem: an idle step (a repetition or a
// restatement, an identity, an ungrounded relation, unused work), or one that is not about the
// problem and neither writes the answer nor relates the problem's names ("1 + 1 = 2.", "2 + 2
// = 4." where the problem has a 2, "Let's think about this carefully."). Arithmetic that is not
// about the problem may be an honest derivation's formula: it keeps its first score, and only
// lends no context to the second scoring. A refuted step gates the chain: its score stands.
func DoesNoWork(s StepWork) bool {
	switch s.Why {
	case WhyRepeated, WhyIdentity, WhyUngrounded, WhyUnused:
		return true
	case WhyRefuted:
		return false
	}
	return !s.Result && !s.About && s.Why != WhySymbolic
}

// WorkingSteps are the indexes of the steps a second scoring keeps: every step but those that
// may do no work (DoesNoWork), and the last (the answer); nil when it keeps every step.
func (w Work) WorkingSteps() []int {
	var keep []int
	for i, s := range w.Steps {
		if !DoesNoWork(s) || i == len(w.Steps)-1 {
			keep = append(keep, i)
		}
	}
	if len(keep) == len(w.Steps) || len(keep) == 0 {
		return nil
	}
	return keep
}
