package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/generate"
	"github.com/leanprm/leanprm/hybrid/search"
	"github.com/leanprm/leanprm/internal/cli/output"
	"github.com/leanprm/leanprm/internal/serve"
)

// generatorKeyEnv holds the generator's API key; never a flag (ps would show it).
const generatorKeyEnv = "LEANPRM_GENERATOR_API_KEY"

func newSearchCmd(e *env) *cobra.Command {
	var (
		genURL, model, template, dialect, stop, system string
		temperature, topP, c                           float64
		maxTokens, concurrency, retries                int
		timeout                                        time.Duration
		seed                                           int64
		algo, aggregate, selection, policy, scorerURL  string
		n, width, lookahead, maxSteps, iterations      int
		workers                                        int
		preferVerified, rollouts, tree                 bool
		htmlPath                                       string
	)
	cmd := &cobra.Command{
		Use:   "search --generator URL FILE",
		Short: "Search for solutions with a generator, guided by the merged score and pruned by proofs",
		Long: `Generate solutions step by step with an OpenAI-compatible generator (vLLM, SGLang, llama.cpp's
server, Ollama, a hosted API, or 'leanprm sim generator') and search them: greedy, best-of-n,
beam (N beams of width M), dvts (N/M subtrees) or mcts (PUCT). Every new step is scored once,
as its parent's chain plus the step; a step the formal checker refutes is never kept (with the
hybrid and formal policies), and its subtree is pruned and counted.

FILE holds problems, one JSON object a line: GSM8K rows (question, answer; the gold is after
"####") or {"id", "problem", "gold"?}. Writes one JSON line per problem: id, the chosen chain
with step scores and verdicts, answer, outcome against the gold (equal, different, unknown),
counts and wall time. A problem whose generator or scorer fails gets an "error" and the others
go on (exit status 1 at the end). Interrupted, it has written every problem it finished.

The generator's API key, if it needs one, is read from LEANPRM_GENERATOR_API_KEY.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if genURL == "" {
				return usageError("--generator URL is required (an OpenAI base URL, e.g. http://127.0.0.1:8000/v1)")
			}
			a, err := search.ParseAlgo(algo)
			if err != nil {
				return usageError("--algo: %v", err)
			}
			agg, err := hybrid.ParseAggregate(aggregate)
			if err != nil {
				return usageError("--aggregate: %v", err)
			}
			sel, err := search.ParseSelection(selection)
			if err != nil {
				return usageError("--select: %v", err)
			}
			pol, err := hybrid.ParsePolicy(policy)
			if err != nil {
				return usageError("--policy: %v", err)
			}
			if n < 1 || width < 1 || maxSteps < 1 {
				return usageError("--n, --width and --max-steps must be at least 1")
			}
			if m := cmd.Flags().Lookup("model"); m != nil && m.Changed {
				if st, err := os.Stat(m.Value.String()); err != nil || st.IsDir() {
					return usageError("--model %s: --model is the learned PRM's model file (prm.model), as in every command; the generator's model is --generator-model", m.Value.String())
				}
			}
			gen, err := generate.New(generate.Options{
				BaseURL: genURL, Model: model, APIKey: os.Getenv(generatorKeyEnv),
				Template: generate.Template(template), Dialect: generate.Dialect(dialect), Stop: stop, SystemPrompt: system,
				Concurrency: concurrency, Timeout: timeout, MaxRetries: retries,
			})
			if err != nil {
				return usageError("--generator: %v", err)
			}
			defer gen.Close()
			if err := probeGenerator(cmd.Context(), e, genURL, model, timeout); err != nil {
				return err
			}
			f, err := os.Open(args[0])
			if err != nil {
				return err
			}
			problems, rowErrs := search.ReadProblems(f, args[0])
			f.Close()
			for _, re := range rowErrs {
				fmt.Fprintln(e.stderr, "leanprm:", re)
			}
			if len(problems) == 0 {
				return fmt.Errorf("%s: no problems", args[0])
			}

			ctx := cmd.Context()
			var scorer search.Scorer
			if scorerURL != "" {
				scorer = &search.Remote{URL: scorerURL, Token: os.Getenv(serveTokenEnv)}
			} else {
				built, err := serve.Build(ctx, e.cfg, serve.BuildOptions{Policy: pol}, e.stderr)
				if err != nil {
					return err
				}
				defer built.Close()
				scorer = &search.Local{Scorer: built.Parts.Scorer}
			}
			s := &search.Searcher{Generator: gen, Scorer: scorer, Policy: pol.Name(), Options: search.Options{
				Algo: a, N: n, Width: width, Lookahead: lookahead, MaxSteps: maxSteps, Agg: agg, Select: sel,
				Prune: pol.Mode != hybrid.ModeLearned, PreferVerified: preferVerified, C: c, Iterations: iterations,
				Rollouts: rollouts, Seed: seed, Tree: tree || htmlPath != "",
				Sampling: generate.Params{Temperature: temperature, TopP: topP, MaxTokens: maxTokens},
				Grader:   search.NewOutcomeGrader(e.grader),
			}}
			return runSearch(ctx, e, s, problems, workers, tree, htmlPath, len(rowErrs) > 0)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&genURL, "generator", "", "OpenAI base URL of the generator, e.g. http://127.0.0.1:8000/v1")
	fl.StringVar(&model, "generator-model", "", "the generator's model name (default: the first the server lists)")
	fl.StringVar(&template, "template", "chat", "chat (continue the assistant's answer) or raw (/v1/completions)")
	fl.StringVar(&dialect, "dialect", "vllm", "vllm (continue_final_message, stop_reason) or openai (OpenAI's fields only)")
	fl.StringVar(&stop, "stop", generate.DefaultStop, "the string that ends a step")
	fl.StringVar(&system, "system", "", "system prompt (chat)")
	fl.Float64Var(&temperature, "temperature", 0.8, "sampling temperature")
	fl.Float64Var(&topP, "top-p", 1, "nucleus sampling")
	fl.IntVar(&maxTokens, "max-tokens", generate.DefaultMaxTokens, "tokens per generator call")
	fl.IntVar(&concurrency, "concurrency", 8, "generator requests in flight")
	fl.DurationVar(&timeout, "generator-timeout", 60*time.Second, "per generator request attempt (--timeout is the REPL's)")
	fl.IntVar(&retries, "generator-retries", 3, "retries of a generator request (429, 5xx, timeouts, connection errors)")
	fl.Int64Var(&seed, "seed", 0, "seed of the generator calls (each call gets its own, derived from it)")
	fl.StringVar(&algo, "algo", "beam", "greedy, best-of-n, beam, dvts or mcts")
	fl.IntVar(&n, "n", 4, "beams, samples, or MCTS iterations (N)")
	fl.IntVar(&width, "width", 4, "beam width M: keep N/M, expand each M times")
	fl.IntVar(&lookahead, "lookahead", 0, "greedy steps past a beam candidate used to score it")
	fl.IntVar(&maxSteps, "max-steps", 40, "step budget per chain (the last step runs to the end)")
	fl.StringVar(&aggregate, "aggregate", "min", "chain score: min, product, mean or last")
	fl.StringVar(&selection, "select", "best", "final pick: best (aggregate), majority or weighted vote")
	fl.StringVar(&policy, "policy", "hybrid", "scoring: hybrid, learned (learned-only, no pruning) or formal (formal-only)")
	fl.StringVar(&scorerURL, "scorer", "", "score through a `leanprm serve` at this URL (token from LEANPRM_SERVE_TOKEN) instead of in process")
	fl.BoolVar(&preferVerified, "prefer-verified", false, "rank candidates whose new step was verified above the others, then by score")
	fl.Float64Var(&c, "c", 1.25, "MCTS exploration constant")
	fl.IntVar(&iterations, "iterations", 0, "MCTS iterations (0: N)")
	fl.BoolVar(&rollouts, "mcts-rollouts", false, "MCTS: value new nodes by a scored rollout to the end")
	fl.IntVar(&workers, "parallel", 2, "problems searched at a time (--workers is the REPL pool's)")
	fl.BoolVar(&tree, "tree", false, "add the explored tree to each line")
	fl.StringVar(&htmlPath, "html", "", "write the explored trees as an HTML page")
	return cmd
}

func runSearch(ctx context.Context, e *env, s *search.Searcher, problems []search.Problem, workers int, tree bool, htmlPath string, badRows bool) error {
	enc := json.NewEncoder(e.stdout)
	enc.SetEscapeHTML(false)
	var results []search.Result
	var eq, diff, unk, failed int
	var calls int64
	var writeErr error
	// Results go out in input order, streamed: at most 4 × --parallel problems are started and
	// not yet written, so a slow problem holds back a bounded number of finished ones.
	run := func(ctx context.Context, p search.Problem) (search.Result, bool) {
		r := s.Search(ctx, p)
		return r, ctx.Err() == nil
	}
	output.RunOrdered(ctx, problems, workers, 4*max(1, workers), run, func(r search.Result) {
		results = append(results, r)
		switch {
		case r.Error != "":
			failed++
			fmt.Fprintf(e.stderr, "leanprm: %s: %s\n", r.ID, r.Error)
		case r.Outcome == "equal":
			eq++
		case r.Outcome == "different":
			diff++
		default:
			unk++
		}
		calls += r.Counts.GeneratorCalls
		line := r
		if !tree {
			line.Tree = nil
		}
		if err := enc.Encode(line); err != nil && writeErr == nil {
			writeErr = err
		}
	})
	if writeErr != nil {
		return writeErr
	}
	if htmlPath != "" && len(results) > 0 {
		if err := writeSearchHTML(htmlPath, results); err != nil {
			return err
		}
	}
	done := len(results)
	if done > 0 {
		fmt.Fprintf(e.stderr, "%d problems: %d equal, %d different, %d unknown, %d failed; %.1f generator calls per problem\n",
			done, eq, diff, unk, failed, float64(calls)/float64(done))
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if failed > 0 || badRows {
		return &ExitError{Code: exitError, Err: errors.New("some problems failed (see above)")}
	}
	return nil
}

func writeSearchHTML(path string, results []search.Result) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := search.WriteHTML(f, results); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
