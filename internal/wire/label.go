package wire

import (
	"errors"
	"time"

	"github.com/leanprm/leanprm/hybrid/label"
)

// GeneratorOptions configure the generator `leanprm label` rolls out with.
type GeneratorOptions struct {
	// URL is the OpenAI-compatible server's base URL.
	URL string
	// Model is sent as the request's model; "" asks the server for its first.
	Model       string
	Temperature float64
	// Timeout bounds one request.
	Timeout time.Duration
}

// LabelGenerator is what the Monte Carlo labels need: rollouts, and a grader of final answers.
type LabelGenerator struct {
	Roller label.Roller
	Grader label.Grader
	close  func()
}

// Close releases the generator client.
func (g *LabelGenerator) Close() {
	if g.close != nil {
		g.close()
	}
}

// NewLabelGenerator connects the labeller to the generator at o.URL and the outcome grader.
func NewLabelGenerator(o GeneratorOptions) (*LabelGenerator, error) {
	return nil, errors.New("the generator client is not wired yet")
}
