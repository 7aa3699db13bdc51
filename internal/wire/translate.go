package wire

import (
	"context"
	"strings"
	"sync"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/formal"
	"github.com/leanprm/leanprm/internal/config"
	"github.com/leanprm/leanprm/translate"
)

// TranslateAll checks chains concurrently (at most lean.workers at once) and returns results
// in input order. Formal (Lean) steps are not prose: the translator sees them as empty, and
// they are judged as `check` judges them (lean), so the two commands agree.
func TranslateAll(ctx context.Context, cfg *config.Config, f *Formal, chains []chain.Chain) ([]translate.ChainResult, error) {
	return TranslateAllDone(ctx, cfg, f, chains, nil)
}

// TranslateAllDone is TranslateAll that passes each chain's result to done as soon as it is
// translated (in the order they finish, one call at a time), so that a command can write it at
// once and an interrupted run keeps what it finished.
func TranslateAllDone(ctx context.Context, cfg *config.Config, f *Formal, chains []chain.Chain, done func(int, translate.ChainResult)) ([]translate.ChainResult, error) {
	var doneMu sync.Mutex
	tr, lean, workers := f.Translator, f.LeanSteps(cfg), cfg.Lean.WorkerCount()
	results := make([]translate.ChainResult, len(chains))
	errs := make([]error, len(chains))
	sem := make(chan struct{}, max(1, workers))
	var wg sync.WaitGroup
	for i := range chains {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return nil, ctx.Err()
		}
		wg.Add(1)
		go func(i int) {
			defer func() { <-sem; wg.Done() }()
			texts := chains[i].Texts()
			for k, st := range chains[i].Steps {
				if st.Formal {
					texts[k] = ""
				}
			}
			results[i], errs[i] = tr.ChainProblem(ctx, chains[i].ID, chains[i].Problem, texts)
			if errs[i] != nil {
				return
			}
			for k, st := range chains[i].Steps {
				if st.Formal && k < len(results[i].Steps) {
					fs := lean.CheckStep(ctx, st.Text)
					results[i].Steps[k] = leanStepResult(k, st.Text, fs)
					if results[i].Checker == "" {
						results[i].Checker = fs.Checker // a chain of Lean steps only
					}
				}
			}
			if done != nil && ctx.Err() == nil {
				doneMu.Lock()
				done(i, results[i])
				doneMu.Unlock()
			}
		}(i)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}

// leanStepResult shows a Lean step's judgement in translate's terms: one obligation per
// tactic (or one for the whole step), kind "lean", and the step verdict `check` shows.
func leanStepResult(index int, src string, fs hybrid.FormalStep) translate.StepResult {
	res := translate.StepResult{Index: index, Text: src, Obligations: []translate.Obligation{}}
	switch fs.Verdict {
	case hybrid.NoVerdict:
		res.Verdict = translate.StepVerdict(formal.NotCheckedNoLean)
	default:
		res.Verdict = translate.StepVerdict(fs.Verdict)
	}
	for _, ob := range fs.Obligations {
		v := translate.Verdict(ob.Verdict)
		if ob.Verdict == hybrid.NoVerdict {
			v = translate.Unknown
		}
		res.Obligations = append(res.Obligations, translate.Obligation{
			Step: index, Expr: ob.Text, Kind: "lean", Lean: ob.Lean,
			Verdict: v, Checker: ob.Checker, Reason: strings.Join(ob.Messages, "; "),
		})
	}
	return res
}
