package wire

import (
	"context"
	"errors"
	"time"

	"github.com/leanprm/leanprm/hybrid/generate"
	"github.com/leanprm/leanprm/hybrid/label"
	"github.com/leanprm/leanprm/hybrid/outcome"
)

// GeneratorOptions configure the generator `leanprm label` rolls out with.
type GeneratorOptions struct {
	// URL is the OpenAI-compatible server's base URL.
	URL string
	// Grader grades the rollouts' final answers (the process's, Grader; nil: outcome's
	// defaults).
	Grader *outcome.Grader
	// Model is sent as the request's model; "" asks the server for its first.
	Model       string
	Temperature float64
	// Timeout bounds one attempt of a request; Concurrency the requests in flight.
	Timeout     time.Duration
	Concurrency int
	// MaxRetries after a failed attempt (0: the client's default, negative: none).
	MaxRetries int
}

// LabelGenerator is what the Monte Carlo labels need: rollouts, and a grader of final answers.
type LabelGenerator struct {
	Roller label.Roller
	Grader label.Grader
	Client *generate.Client
}

// Close releases the generator client.
func (g *LabelGenerator) Close() { g.Client.Close() }

// NewLabelGenerator connects the labeller to the generator at o.URL (chat completions, vLLM's
// continuation of the assistant turn) and the outcome grader.
func NewLabelGenerator(o GeneratorOptions) (*LabelGenerator, error) {
	c, err := generate.New(generate.Options{BaseURL: o.URL, Model: o.Model, Timeout: o.Timeout,
		Concurrency: o.Concurrency, MaxRetries: o.MaxRetries})
	if err != nil {
		return nil, err
	}
	p := generate.DefaultParams()
	p.Temperature = o.Temperature
	p.Final = true
	return &LabelGenerator{Roller: Rollouts{Client: c, Params: p}, Grader: answerGrader(o.Grader), Client: c}, nil
}

// Rollouts is a label.Roller over the generator client: each rollout is one sample that runs
// from the prefix to the model's end (Params.Final), n=k in one request.
type Rollouts struct {
	Client *generate.Client
	Params generate.Params
}

var _ label.Roller = Rollouts{}

// Rollouts implements label.Roller.
func (r Rollouts) Rollouts(ctx context.Context, problem string, prefix []string, k int) ([]string, error) {
	samples, err := r.Client.Continue(ctx, problem, prefix, k, r.Params)
	if errors.Is(err, generate.ErrEmpty) {
		// Every sample ended at once: the prefix is a whole solution (it states its answer),
		// and each rollout is the prefix itself, graded as it stands.
		return make([]string, k), nil
	}
	if err != nil {
		return nil, err
	}
	out := make([]string, len(samples))
	for i, s := range samples {
		out[i] = s.Text
	}
	return out, nil
}
