package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"github.com/leanprm/leanprm/internal/gensim"
)

// newSimGeneratorCmd serves the generator simulator: an OpenAI-compatible server continuing
// GSM8K reference solutions with arithmetic slips, for search and label tests and demos.
func newSimGeneratorCmd(e *env) *cobra.Command {
	var (
		problems, addr, slips string
		slipRate              float64
		seed                  uint64
		faults                []string
	)
	cmd := &cobra.Command{
		Use:   "generator --problems FILE",
		Short: "Serve an OpenAI-compatible generator that continues GSM8K reference solutions, with slips (not a model)",
		Long: `Serve /v1/models, /v1/completions and /v1/chat/completions. For a problem of the GSM8K-format
file (question, answer with <<expr=value>> annotations and "#### N") found in the prompt, the
simulator continues the partial answer along the reference solution, one step per call (up to
the stop string), and with probability --slip-rate per step makes an arithmetic slip whose
wrong value later steps carry, computed correctly from it. Deterministic for --seed, the
request's seed and prompt. Its model id, and the model of every answer, is "sim".

--slips KIND=RATE,... sets a rate per kind of slip instead (the rates sum to at most 1):
  arith      a calculation with a wrong result (what --slip-rate makes)
  operation  the right numbers, the wrong operation, the arithmetic right
  copy       a quantity of the problem or an earlier step, but the wrong one
  skip       a needed step left out, later steps computed from what is there
  unit       a conversion forgotten or applied twice
  misread    a number of the problem changed when it is restated
Later steps are computed correctly from the slipped value. Each choice names its slips in
"sim_slips" ({"kind", "step", "detail"}).

--fault KIND[:COUNT] makes the first COUNT completion requests (every one without COUNT) fail:
429 (with Retry-After), 500, hang, close, malformed, empty; for testing clients.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if problems == "" {
				return usageError("--problems FILE is required (a GSM8K-format JSON Lines file)")
			}
			var fs []gensim.Fault
			for _, f := range faults {
				fault, err := gensim.ParseFault(f)
				if err != nil {
					return usageError("--fault: %v", err)
				}
				fs = append(fs, fault)
			}
			ps, err := gensim.LoadFile(problems)
			if err != nil {
				return err
			}
			o := gensim.Options{SlipRate: slipRate, Seed: seed}
			flag := "--slip-rate"
			if cmd.Flags().Changed("slips") {
				if cmd.Flags().Changed("slip-rate") {
					return usageError("--slips and --slip-rate: give one (--slip-rate R is --slips arith=R)")
				}
				m, err := gensim.ParseSlips(slips)
				if err != nil {
					return usageError("--slips: %v", err)
				}
				o, flag = gensim.Options{Slips: m, Seed: seed}, "--slips"
			}
			sim, err := gensim.New(ps, o)
			if err != nil {
				return usageError("%s: %v", flag, err)
			}
			return serveSim(cmd.Context(), e, sim, addr, seed, fs)
		},
	}
	f := cmd.Flags()
	f.StringVar(&problems, "problems", "", "GSM8K-format JSON Lines file of problems and reference solutions")
	f.StringVar(&addr, "addr", "127.0.0.1:8000", "listen address (port 0 picks a free port)")
	f.Float64Var(&slipRate, "slip-rate", 0.15, "probability of an arithmetic slip per generated step (--slips arith=RATE)")
	f.StringVar(&slips, "slips", "", "rate per kind of slip: arith, operation, copy, skip, unit, misread (e.g. arith=0.01,operation=0.03)")
	f.Uint64Var(&seed, "seed", 0, "seed mixed into every draw")
	f.StringArrayVar(&faults, "fault", nil, "inject failures: 429, 500, hang, close, malformed or empty, optionally :COUNT")
	return cmd
}

func serveSim(ctx context.Context, e *env, sim *gensim.Sim, addr string, seed uint64, faults []gensim.Fault) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	done := make(chan struct{})
	h := sim.Handler()
	for _, f := range faults {
		h = gensim.WithFaults(h, f, done)
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(e.stderr, "leanprm generator simulator (not a model) serving %d problems at http://%s/v1, slips %s, seed %d\n",
		sim.Problems(), ln.Addr(), sim.Mix(), seed)
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		close(done)
		return err
	case <-ctx.Done():
	}
	close(done)
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	<-served
	return ctx.Err()
}
