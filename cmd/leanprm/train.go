package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/prm/embedded"
	"github.com/leanprm/leanprm/hybrid/prm/embedded/train"
	"github.com/leanprm/leanprm/hybrid/report"
	"github.com/leanprm/leanprm/internal/wire"
)

func newTrainCmd(e *env) *cobra.Command {
	var (
		seed     uint64
		out      string
		bags     int
		drop     []string
		cv       bool
		minSteps int
		l2       float64
		ep       int
		wts      map[string]string
		trees    int
		lr       float64
		kinds    []int
		depth    int
		lfile    []string
		srcs     []string
	)
	cmd := &cobra.Command{
		Use:   "train",
		Short: "Train the embedded PRM from data.dir (make model)",
		Long: `Train the embedded learned PRM from the data in data.dir (PRMBench train files, MR-GSM8K,
weak labels derived from GSM8K; ProcessBench dev only for calibration and the threshold) and
write the model file. The same data and seed give a byte-identical file.

--cv measures the trained model on data.dir's ProcessBench dev files instead of writing it
(unless --out is given too): F1 per subset with the threshold chosen on all of GSM8K dev and
cross-validated (two folds by FNV-1a of the chain id, the threshold chosen on one fold's GSM8K
chains and applied to the other), for learned-only and hybrid scoring. A training choice
(--bags, --drop, --weight, --weak-kinds, --trees, --lr, the seed) is compared between runs by
the "chosen on fold" row — the F1 it reaches on the fold it is chosen on — and reported by the
other fold's figure.

--labels FILE (repeatable) adds step labels to the training data: leanprm label's output or
its exports (trl, fover, processbench, prm800k), or any file check reads with step labels.
--sources picks the sources (prmbench, mr-gsm8k, gsm8k-weak, labels; default all of them, labels
only with --labels): --sources labels trains on the labels alone. With --cv, the model built in
(today's) is measured first and printed beside the new one. The model is used by check, eval
and serve with --model FILE (prm.model).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir, err := dataDir(e)
			if err != nil {
				return err
			}
			weights, err := sourceWeights(wts)
			if err != nil {
				return err
			}
			for _, sname := range srcs {
				if !slices.Contains(train.SourceNames(), sname) {
					return usageError("--sources %s: want %s", sname, strings.Join(train.SourceNames(), ", "))
				}
				if sname == train.SourceLabels && len(lfile) == 0 {
					return usageError("--sources labels: give the files with --labels")
				}
			}
			if len(lfile) > 0 && len(srcs) > 0 && !slices.Contains(srcs, train.SourceLabels) {
				return usageError("--labels given but --sources leaves labels out")
			}
			if cv && len(lfile) > 0 {
				today, err := embedded.Default()
				if err != nil {
					return err
				}
				fmt.Fprintln(e.stdout, "today's model (built in):")
				if err := crossValidateModel(cmd.Context(), e, today, dir); err != nil {
					return err
				}
				fmt.Fprintf(e.stdout, "\nretrained with %s:\n", strings.Join(lfile, ", "))
			}
			m, err := train.Fit(cmd.Context(), train.Config{
				LabelFiles:   lfile,
				Sources:      srcs,
				DataDir:      dir,
				Seed:         seed,
				Bags:         bags,
				Drop:         drop,
				L2:           l2,
				Epochs:       ep,
				Weights:      weights,
				Trees:        trees,
				LearningRate: lr,
				WeakKinds:    kinds,
				TreeDepth:    depth,
				Logf:         func(format string, args ...any) { fmt.Fprintf(e.stderr, format+"\n", args...) },
			})
			if err != nil {
				return fmt.Errorf("training from %s: %w", dir, err)
			}
			if cv {
				if err := crossValidateModel(cmd.Context(), e, m, dir); err != nil {
					return err
				}
				if !cmd.Flags().Changed("out") {
					return nil
				}
			}
			if err := train.Enough(m.Train, minSteps); err != nil {
				return &ExitError{Code: exitError, Err: err}
			}
			return writeModel(e, m, out)
		},
	}
	cmd.Flags().IntVar(&minSteps, "min-steps", train.DefaultMinSteps, "refuse to write a model trained on fewer labelled steps, or with no held-out step (0: write it anyway)")
	cmd.Flags().Uint64Var(&seed, "seed", train.DefaultSeed, "random seed")
	cmd.Flags().StringVar(&out, "out", "hybrid/prm/embedded/model.bin", "model file to write")
	cmd.Flags().IntVar(&bags, "bags", 0, fmt.Sprintf("models averaged into one (0: %d)", train.DefaultBags))
	cmd.Flags().StringSliceVar(&drop, "drop", nil, "dense features to leave out (ablation)")
	cmd.Flags().Float64Var(&l2, "l2", 0, "L2 regularization per update (0: 1e-5)")
	cmd.Flags().IntVar(&ep, "epochs", 0, "AdaGrad epochs (0: 4)")
	cmd.Flags().StringToStringVar(&wts, "weight", nil, "source weights, SOURCE=W for prmbench, mr-gsm8k, gsm8k-weak, labels (default "+defaultWeightsText()+")")
	cmd.Flags().Float64Var(&lr, "lr", 0, "AdaGrad step size (0: 0.1)")
	cmd.Flags().IntVar(&trees, "trees", 0, "regression trees boosted on top of the linear model (0: none)")
	cmd.Flags().IntVar(&depth, "tree-depth", 0, "depth of the boosted trees (0: 3)")
	cmd.Flags().IntSliceVar(&kinds, "weak-kinds", nil, "GSM8K weak-label corruption kinds, by number (default "+defaultKindsText()+")")
	cmd.Flags().StringSliceVar(&lfile, "labels", nil, "step-label file to train on too (leanprm label output or its exports; repeatable)")
	cmd.Flags().StringSliceVar(&srcs, "sources", nil, "training sources: prmbench, mr-gsm8k, gsm8k-weak, labels (default: all; labels with --labels)")
	cmd.Flags().BoolVar(&cv, "cv", false, "report ProcessBench dev F1, dev and cross-validated, instead of writing the model")
	return cmd
}

// sourceWeights parses --weight values; nil (the flag unset) keeps the
// defaults, and a source the flag does not name has weight 1.
func sourceWeights(flags map[string]string) (map[string]float64, error) {
	if len(flags) == 0 {
		return nil, nil
	}
	out := map[string]float64{}
	for name, v := range flags {
		if !slices.Contains(train.SourceNames(), name) {
			return nil, usageError("--weight %s: want %s", name, strings.Join(train.SourceNames(), ", "))
		}
		w, err := strconv.ParseFloat(v, 64)
		if err != nil || w < 0 || math.IsInf(w, 0) || math.IsNaN(w) {
			return nil, usageError("--weight %s=%s: want a non-negative number", name, v)
		}
		out[name] = w
	}
	return out, nil
}

// writeModel writes m to out through a temporary file, so a failed write
// never leaves half a model behind.
func writeModel(e *env, m *embedded.Model, out string) error {
	tmp, err := os.CreateTemp(filepath.Dir(out), ".model-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := m.WriteTo(tmp); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil { // CreateTemp makes it private
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "leanprm: wrote %s\n", out)
	return nil
}

// crossValidateModel scores dir's ProcessBench dev files with m and the
// configured formal side and prints the dev and cross-validated F1 (the
// GSM8K dev file is the calibration set, as for eval processbench).
func crossValidateModel(ctx context.Context, e *env, m *embedded.Model, dir string) error {
	files, err := filepath.Glob(filepath.Join(dir, "processbench", "*.dev.jsonl"))
	if err != nil {
		return err
	}
	sort.Strings(files)
	var chains []chain.Chain
	var isCalib []bool
	for _, f := range files {
		c, rowErrs, err := chain.Read(f, chain.FormatProcessBench)
		if err != nil {
			return err
		}
		if err := reportRowErrors(e, rowErrs); err != nil {
			return err
		}
		chains = append(chains, c...)
		for range c {
			isCalib = append(isCalib, filepath.Base(f) == "gsm8k.dev.jsonl")
		}
	}
	if len(chains) == 0 {
		return fmt.Errorf("--cv: no ProcessBench dev files under %s", filepath.Join(dir, "processbench"))
	}
	s, err := wire.NewScoringWith(ctx, e.cfg, hybrid.PolicyHybrid, m, func() {}, e.stderr)
	if err != nil {
		return err
	}
	defer s.Close()
	results, err := s.Scorer.ScoreChains(ctx, chains)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil && len(results) == 0 {
		return err
	}
	var calib []hybrid.Scored
	for i, r := range results {
		if isCalib[i] {
			calib = append(calib, r)
		}
	}
	fmt.Fprintf(e.stdout, "trained model on ProcessBench dev (formal checker: %s; calibration: GSM8K dev, %d chains;\n"+
		"CV: 2 folds by FNV-1a of the chain id, each fold at the threshold chosen on the other's GSM8K chains):\n",
		s.Formal.Checker, len(calib))
	reps := bench.CrossValidateProcessBench(results, calib, bench.EvalOptions{
		Policies: []hybrid.Policy{hybrid.PolicyLearned, hybrid.PolicyHybrid}})
	return report.WriteProcessBenchCV(e.stdout, reps)
}

// defaultWeightsText is train.DefaultWeights as --weight takes it.
func defaultWeightsText() string {
	var parts []string
	for k, v := range train.DefaultWeights {
		parts = append(parts, fmt.Sprintf("%s=%g", k, v))
	}
	sort.Strings(parts)
	return strings.Join(parts, ",") + ", others 1"
}

// defaultKindsText is train.DefaultWeakKinds as --weak-kinds takes it.
func defaultKindsText() string {
	var parts []string
	for _, k := range train.DefaultWeakKinds {
		parts = append(parts, strconv.Itoa(k))
	}
	return strings.Join(parts, ",")
}
