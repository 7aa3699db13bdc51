package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/label"
	"github.com/leanprm/leanprm/internal/cli/output"
	"github.com/leanprm/leanprm/internal/wire"
)

func newLabelCmd(e *env) *cobra.Command {
	var (
		method      string
		generator   string
		model       string
		k           int
		format      string
		inFormat    string
		out         string
		concurrency int
		temperature float64
		timeout     time.Duration
		retries     int
	)
	cmd := &cobra.Command{
		Use:   "label FILE|-",
		Short: "Label every step of every chain with no human annotation: proofs and Monte Carlo rollouts",
		Long: `Label every step of every chain in FILE (any format check reads, or leanprm's own label rows)
for training a process reward model:

  formal    a refuted step is wrong (proven), a step verified with all of it formalized is
            right, every other step unknown (null). No generator, no gold answer.
  mc-hard   Math-Shepherd: K rollouts (--rollouts) from each step's prefix by the generator
            (--generator, an OpenAI-compatible server), graded against the chain's gold answer;
            right when any reaches it. The last step is graded by the chain's own answer.
  mc-soft   the same; the label is the share of rollouts reaching it, right at 1/2 or more.
  omega     OmegaPRM's binary search for the first step whose K rollouts all miss the gold
            answer: at most ceil(log2 n) prefixes rolled out per chain of n steps, none when
            the chain's own answer is right.
  combined  formal where a proof decides (not rolled out there), mc-hard elsewhere.

The gold answer is read from the row: gold, ground_truth, ground_truth_answer, PRM800K's
question.ground_truth_answer, or GSM8K's "####" line (JSON Lines input).

Each chain is written as soon as it is labelled (and those before it), one JSON object per line
to --out or stdout: leanprm's rows by default (every label with its source: formal with the
verdict and checker, mc with K, the rollouts that reached the gold answer and the share), or
--output-format trl | fover | processbench | prm800k (--format is the input's, as in check). TRL has no unknown label: a TRL row stops before
its first unlabelled step (a chain whose first step is unlabelled is left out); a ProcessBench
row is written only when the first error is decidable; a PRM800K row's labels stop at the
first wrong or unlabelled step, as PRM800K's phase 2 stops at the first error. What each
format left out is counted on stderr.

A chain that cannot be labelled (the generator failed, no gold answer) is reported on stderr
with its error and, in leanprm's rows, written with "error" and no labels; the others are still
labelled, and the exit status is 1. On Ctrl-C every chain already labelled has been written
(exit 130).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			m, err := label.ParseMethod(method)
			if err != nil {
				return usageError("--method: %v", err)
			}
			if cmd.Flags().Changed("format") && !cmd.Flags().Changed("output-format") {
				if _, err := label.ParseFormat(inFormat); err == nil {
					// --format was the output format before it named the input, as in check:
					// a value both could mean is not read with the new meaning silently.
					return usageError("--format %s: --format is now the input format (as in check) and the output format is --output-format; give --output-format too, to say which you mean", inFormat)
				}
			}
			of, err := label.ParseFormat(format)
			if err != nil {
				return usageError("--output-format: %v", err)
			}
			inf, err := chain.ParseFormat(inFormat)
			if err != nil {
				return usageError("--format: %v", err)
			}
			if retries < 0 || retries > 100 {
				return usageError("--generator-retries %d: want 0 to 100", retries)
			}
			if k < 1 || k > 1024 {
				return usageError("--rollouts %d: want 1 to 1024", k)
			}
			if m.NeedsGenerator() && generator == "" {
				return usageError("--method %s rolls out completions: give --generator URL (an OpenAI-compatible server)", m)
			}
			chains, rowErrs, err := readInput(ctx, e, args[0], inf)
			if err != nil {
				return err
			}
			items, err := labelItems(args[0], chains, m)
			if err != nil {
				return err
			}
			l := &label.Labeler{Method: m, K: k, Concurrency: concurrency}
			if m == label.Formal || m == label.Combined {
				f, err := wire.NewFormal(ctx, e.cfg, e.stderr)
				if err != nil {
					return err
				}
				defer f.Close()
				l.Formal, l.Checker = f.LeanSteps(e.cfg), f.Checker
				if concurrency == 0 {
					l.Concurrency = e.cfg.Lean.WorkerCount()
				}
			}
			if m.NeedsGenerator() {
				g, err := wire.NewLabelGenerator(wire.GeneratorOptions{URL: generator, Model: model, Temperature: temperature, Timeout: timeout, Concurrency: concurrency, MaxRetries: retryFlag(retries), Grader: e.grader})
				if err != nil {
					return usageError("--generator: %v", err)
				}
				defer g.Close()
				if err := probeGenerator(ctx, e, generator, model, timeout); err != nil {
					return err
				}
				l.Estimator, l.Grader = label.NewEstimator(g.Roller, g.Grader), g.Grader
				if concurrency == 0 {
					l.Concurrency = 4
				}
			}

			w := e.stdout
			if out != "" {
				f, err := os.Create(out)
				if err != nil {
					return err
				}
				defer f.Close()
				w = f
			}
			x := label.NewExporter(w, of)
			x.Now = time.Now()
			ow := output.NewOrdered(x.Write)
			var sum labelSummary
			l.Done = func(i int, c label.Chain) {
				sum.add(c)
				ow.Add(i, c)
			}
			l.Progress = output.Progress(e.stderr, "labelling")
			start := time.Now()
			_, runErr := l.LabelChains(ctx, items)
			if err := ow.Rest(); err != nil {
				return err
			}
			sum.report(e.stderr, m, time.Since(start), x.Stats)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err := reportRowErrors(e, rowErrs); err != nil && runErr == nil {
				return err
			}
			if runErr != nil {
				for _, line := range strings.Split(runErr.Error(), "\n") {
					fmt.Fprintln(e.stderr, "leanprm:", line)
				}
				return &ExitError{Code: exitError, Err: fmt.Errorf("%d of %d chains could not be labelled (see above); the other %d were written",
					sum.failed, len(items), len(items)-sum.failed)}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&method, "method", string(label.Formal), "formal, mc-hard, mc-soft, omega or combined")
	f.StringVar(&generator, "generator", "", "base URL of an OpenAI-compatible generator (vLLM, leanprm sim generator) for the rollouts")
	f.StringVar(&model, "generator-model", "", "model name sent to the generator (default: the server's first model)")
	f.IntVar(&k, "rollouts", label.DefaultK, "rollouts per prefix (K), requested as one n=K completion")
	f.Float64Var(&temperature, "temperature", 0.8, "sampling temperature of the rollouts")
	f.DurationVar(&timeout, "generator-timeout", 2*time.Minute, "limit for one attempt of a generator request")
	f.IntVar(&retries, "generator-retries", 3, "retries of a failed generator request (network error, timeout, 429, 5xx), with back-off; 0: none")
	f.StringVar(&format, "output-format", string(label.Native), "output: labels (leanprm's rows), trl, fover, processbench or prm800k")
	f.StringVar(&inFormat, "format", "auto", "input format: auto, processbench, prmbench, mr-gsm8k, trl, gsm8k, text (as check --format)")
	f.StringVarP(&out, "out", "o", "", "write to this file instead of stdout")
	f.IntVar(&concurrency, "concurrency", 0, "chains labelled at once (0: lean.workers for formal, 4 with a generator)")
	return cmd
}

// labelItems pairs each chain with its gold answer, the one its row states (chain.Chain.Gold).
func labelItems(path string, chains []chain.Chain, m label.Method) ([]label.Item, error) {
	items := make([]label.Item, len(chains))
	for i, c := range chains {
		items[i].Chain = c
	}
	if !m.NeedsGenerator() {
		return items, nil
	}
	found := 0
	for i := range items {
		items[i].Gold = items[i].Chain.Gold
		if items[i].Gold != "" {
			found++
		}
	}
	if found == 0 && len(items) > 0 {
		return nil, fmt.Errorf("%s: no row states a gold answer (a gold or ground_truth field, MR-GSM8K's ground_truth_answer, PRM800K's question.ground_truth_answer or a GSM8K \"####\" line); --method %s grades rollouts against it (--method formal needs none)", path, m)
	}
	return items, nil
}

// labelSummary counts a run's labels for the closing line on stderr.
type labelSummary struct {
	chains, failed, steps, right, wrong, rollouts, located int
}

func (s *labelSummary) add(c label.Chain) {
	s.chains++
	if c.Err != "" {
		s.failed++
		return
	}
	for _, st := range c.Steps {
		s.steps++
		switch {
		case st.Label == nil:
		case *st.Label:
			s.right++
		default:
			s.wrong++
		}
	}
	s.rollouts += c.Rollouts
	if c.FirstError != nil {
		s.located++
	}
}

func (s *labelSummary) report(w io.Writer, m label.Method, took time.Duration, st label.ExportStats) {
	fmt.Fprintf(w, "leanprm: %s: %d chains labelled, %d failed; %d steps: %d right, %d wrong, %d unknown; first error decided in %d chains; %d rollouts; %v\n",
		m, s.chains-s.failed, s.failed, s.steps, s.right, s.wrong, s.steps-s.right-s.wrong, s.located, s.rollouts, took.Round(time.Millisecond))
	if len(st.Dropped) > 0 || st.CutSteps > 0 {
		reasons := make([]string, 0, len(st.Dropped))
		for r, n := range st.Dropped {
			reasons = append(reasons, fmt.Sprintf("%d %s", n, r))
		}
		sort.Strings(reasons)
		fmt.Fprintf(w, "leanprm: %d rows written; left out: %s; %d steps cut from written rows\n", st.Rows, strings.Join(reasons, ", "), st.CutSteps)
	}
}

// retryFlag maps --generator-retries to the client's MaxRetries, whose 0 means its default.
func retryFlag(n int) int {
	if n == 0 {
		return -1
	}
	return n
}
