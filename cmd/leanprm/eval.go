package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/internal/cli/output"
	"github.com/leanprm/leanprm/internal/wire"
	"github.com/leanprm/leanprm/translate"
)

func newEvalCmd(e *env) *cobra.Command {
	ev := &cobra.Command{
		Use:   "eval",
		Short: "Evaluate formal-only, learned-only and hybrid scoring on a benchmark",
	}
	ev.AddCommand(newEvalBenchCmd(e, "processbench"), newEvalBenchCmd(e, "prmbench"), newEvalOutcomeCmd(e))
	return ev
}

// defaultEvalFiles are what eval reads from data.dir when no FILES are given: the development
// halves of ProcessBench, PRMBench's test files.
var defaultEvalFiles = map[string][]string{
	"processbench": {"processbench/*.dev.jsonl"},
	"prmbench":     {"prmbench/prm800k_test_*.jsonl", "prmbench/prm_test_*.jsonl"},
}

func newEvalBenchCmd(e *env, name string) *cobra.Command {
	var (
		calibration string
		threshold   float64
		strict      bool
		cv          bool
		asJSON      bool
	)
	long := map[string]string{
		"processbench": `Score every chain of the ProcessBench FILES and report, per subset and on average, error
accuracy (chains with an error whose first error is found exactly), correct accuracy (chains
without an error predicted clean) and their harmonic mean F1, for formal-only, learned-only
and hybrid scoring side by side. As in the ProcessBench paper, each policy's threshold is the
one that maximises F1 on a calibration file (default: the GSM8K dev file in data.dir).

With --cv a second table cross-validates that choice: chains are split into two folds by the
32-bit FNV-1a hash of their id (fold = hash mod 2), the threshold is chosen on the calibration
chains of one fold and applied to the chains of the other, both ways, and the CV column pools
the two. It is the figure to quote for the dev files, on which the threshold was chosen.`,
		"prmbench": `Score every chain of the PRMBench FILES and report PRMScore ((F1 of right steps + F1 of wrong
steps) / 2) per error class and overall, for formal-only, learned-only and hybrid scoring
side by side, with thresholds chosen on the calibration file as for processbench.`,
	}[name]
	cmd := &cobra.Command{
		Use:   name + " [FILES…]",
		Short: "Evaluate on " + name + " files",
		Long:  long,
		Args:  cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !(threshold >= 0 && threshold <= 1) { // NaN too
				return usageError("--threshold %v: want a number in [0, 1]", threshold)
			}
			ctx := cmd.Context()
			if len(args) == 0 {
				var err error
				if args, err = dataFiles(e, name, defaultEvalFiles[name]...); err != nil {
					return err
				}
			}
			format := chain.FormatProcessBench
			if name == "prmbench" {
				format = chain.FormatPRMBench
			}
			var chains []chain.Chain
			var rowErrs []chain.RowError
			for _, f := range args {
				c, re, err := readInput(ctx, e, f, format)
				if err != nil {
					return err
				}
				chains = append(chains, c...)
				rowErrs = append(rowErrs, re...)
			}
			if calibration == "" {
				dir, err := dataDir(e)
				if err != nil {
					return fmt.Errorf("--calibration not given, and its default is in data.dir: %w", err)
				}
				calibration = filepath.Join(dir, "processbench", "gsm8k.dev.jsonl")
				if _, err := os.Stat(calibration); err != nil {
					return &ExitError{Code: exitError, Err: fmt.Errorf("--calibration not given, and its default %s is not there: run `leanprm data fetch processbench`, or pass --calibration FILE", calibration)}
				}
			}
			calib, calibErrs, err := readInput(ctx, e, calibration, chain.FormatProcessBench)
			if err != nil {
				return fmt.Errorf("calibration file (--calibration): %w", err)
			}
			rowErrs = append(rowErrs, calibErrs...)
			if strict {
				if err := strictQuirks(e, rowErrs); err != nil {
					return err
				}
			}

			s, err := wire.NewScoring(ctx, e.cfg, hybrid.PolicyHybrid, e.stderr)
			if err != nil {
				return err
			}
			defer s.Close()
			endBar := func() {}
			if bar := output.Progress(e.stderr, "scoring"); bar != nil {
				s.Scorer.Progress = bar
				endBar = func() { bar(-1, -1) } // ends the bar's line on an interrupt
				defer endBar()
			}
			run, err := wire.ScoreBoth(ctx, s.Scorer, chains, calib)
			if err != nil {
				return err
			}
			if run.Stopped != nil {
				defer func() { endBar(); evalInterruptedNote(e, run) }()
			}
			results, calibRes := run.Results, run.Calib
			opts := bench.EvalOptions{Threshold: threshold}
			if asJSON {
				out := evalJSON{FormalChecker: s.Formal.Checker, LearnedPRM: string(e.cfg.PRM.Backend),
					Calibration: calibration, CalibrationChains: len(calib)}
				if run.Stopped != nil {
					out.Interrupted = &evalInterrupted{Chains: len(results), Of: len(chains), CalibrationChains: len(calibRes)}
				}
				if name == "prmbench" {
					out.PRMBench = bench.ComparePRMBench(results, calibRes, opts)
				} else {
					out.ProcessBench = bench.CompareProcessBench(results, calibRes, opts)
					out.Coverage = bench.CoverageProcessBench(results, notFormalReasons())
					if cv {
						out.CrossValidated = bench.CrossValidateProcessBench(results, calibRes, opts)
					}
				}
				if err := writeJSON(e, out); err != nil {
					return err
				}
				if run.Stopped != nil {
					return run.Stopped
				}
				return reportRowErrors(e, rowErrs)
			}
			fmt.Fprintf(e.stdout, "formal checker: %s; learned PRM: %s; calibration: %s (%d chains)\n\n",
				s.Formal.Checker, e.cfg.PRM.Backend, calibration, len(calib))
			if name == "prmbench" {
				err = report.WritePRMBench(e.stdout, bench.ComparePRMBench(results, calibRes, opts))
			} else {
				err = report.WriteProcessBench(e.stdout, bench.CompareProcessBench(results, calibRes, opts))
				if err == nil {
					fmt.Fprintln(e.stdout, "\nformal coverage (steps proved, disproved, formalized but undecided, not formalized; labelled first errors refuted; refuted steps before the label or in correct chains):")
					err = report.WriteCoverage(e.stdout, bench.CoverageProcessBench(results, notFormalReasons()))
				}
				if err == nil && cv {
					fmt.Fprintln(e.stdout, "\ncross-validated (2 folds by FNV-1a of the chain id; each fold at the threshold chosen on the other's calibration chains):")
					err = report.WriteProcessBenchCV(e.stdout, bench.CrossValidateProcessBench(results, calibRes, opts))
				}
			}
			if err != nil {
				return err
			}
			if run.Stopped != nil {
				return run.Stopped
			}
			return reportRowErrors(e, rowErrs)
		},
	}
	cmd.Flags().StringVar(&calibration, "calibration", "", "ProcessBench file the thresholds are chosen on (default: <data.dir>/processbench/gsm8k.dev.jsonl)")
	cmd.Flags().Float64Var(&threshold, "threshold", 0, "use this threshold for every policy instead of choosing one")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write the figures as JSON")
	cmd.Flags().BoolVar(&strict, "strict", false, "fail on known data quirks (e.g. PRMBench error_steps past the last step) instead of noting them")
	if name == "processbench" {
		cmd.Flags().BoolVar(&cv, "cv", false, "also report F1 cross-validated over two folds by id hash")
	}
	return cmd
}

// evalJSON is eval --json: the same figures as the tables, per policy and subset.
type evalJSON struct {
	FormalChecker     string                     `json:"formal_checker"`
	LearnedPRM        string                     `json:"learned_prm"`
	Calibration       string                     `json:"calibration"`
	CalibrationChains int                        `json:"calibration_chains"`
	ProcessBench      []bench.ProcessBenchReport `json:"processbench,omitempty"`
	CrossValidated    []bench.CVReport           `json:"cross_validated,omitempty"`
	// Coverage is the formal half's step states and first-error recall per subset (processbench).
	Coverage []bench.Coverage       `json:"formal_coverage,omitempty"`
	PRMBench []bench.PRMBenchReport `json:"prmbench,omitempty"`
	// Interrupted is set when the run was interrupted: the figures cover the chains finished.
	Interrupted *evalInterrupted `json:"interrupted,omitempty"`
}

// evalInterrupted says what an interrupted eval's figures cover.
type evalInterrupted struct {
	Chains            int `json:"chains_scored"`
	Of                int `json:"chains"`
	CalibrationChains int `json:"calibration_chains_scored"`
}

// interrupted says what an interrupted eval's figures cover; the run then exits 130.
func evalInterruptedNote(e *env, r *wire.Both) {
	fmt.Fprintf(e.stderr, "leanprm: interrupted after %d of %d chains (and %d of %d calibration chains); the figures above cover those\n",
		len(r.Results), r.Of, len(r.Calib), r.CalibOf)
}

// notFormalReasons says why a prose step has no obligation, by translating
// its chain again without checking (translate.StepResult.NotFormalized);
// a Lean step is "lean step". One translation per chain, kept for its steps.
func notFormalReasons() func(r *hybrid.Scored, i int) string {
	tr, err := translate.New(translate.Options{})
	if err != nil {
		return nil
	}
	var last *hybrid.Scored
	var res translate.ChainResult
	return func(r *hybrid.Scored, i int) string {
		if r.Steps[i].Formal {
			return "lean step"
		}
		if r != last {
			texts := make([]string, len(r.Steps))
			for k, s := range r.Steps {
				if !s.Formal {
					texts[k] = s.Text
				}
			}
			last, res = r, tr.TranslateProblem(r.ID, r.Problem, texts)
		}
		if i < len(res.Steps) {
			return res.Steps[i].NotFormalized()
		}
		return ""
	}
}
