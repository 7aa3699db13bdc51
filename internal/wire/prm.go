package wire

import (
	"fmt"
	"io"
	"os"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/prm/embedded"
	"github.com/leanprm/leanprm/hybrid/prm/vllm"
	"github.com/leanprm/leanprm/internal/config"
)

// NewPRM builds the learned PRM the prm.* settings ask for. The caller must call the returned
// close.
func NewPRM(cfg *config.Config) (hybrid.PRM, func(), error) {
	switch b := cfg.PRM.Backend; b {
	case config.BackendEmbedded, "":
		if cfg.PRM.Model != "" {
			m, err := LoadModel(cfg.PRM.Model)
			return m, func() {}, err
		}
		m, err := embedded.Default()
		return m, func() {}, err
	case config.BackendVLLM:
		c, err := vllm.New(VLLMOptions(cfg))
		if err != nil {
			return nil, nil, err
		}
		return c, c.Close, nil
	default: // config.Load validates the setting; a hand-built Config may still be wrong
		return nil, nil, fmt.Errorf("prm.backend %q: want embedded or vllm", b)
	}
}

// maxModelBytes bounds a model file read with prm.model (the built-in one is a few KiB; one
// with hashed n-grams at 24 bits is 64 MiB).
const maxModelBytes = 128 << 20

// LoadModel reads an embedded model file (prm.model, --model): what `leanprm train --out`
// writes.
func LoadModel(path string) (*embedded.Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("prm.model: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxModelBytes+1))
	if err != nil {
		return nil, fmt.Errorf("prm.model %s: %w", path, err)
	}
	if len(data) > maxModelBytes {
		return nil, fmt.Errorf("prm.model %s: larger than %d MiB, not a model file", path, maxModelBytes>>20)
	}
	m, err := embedded.Load(data)
	if err != nil {
		return nil, fmt.Errorf("prm.model %s: %w", path, err)
	}
	return m, nil
}

// VLLMOptions maps prm.vllm.* to the vLLM client's options: shepherd (and its synonym step)
// is the client's step-tag pooling, qwen its default.
func VLLMOptions(cfg *config.Config) vllm.Options {
	mode := vllm.ModeQwen
	if cfg.PRM.VLLM.Mode.StepPooling() {
		mode = vllm.ModeStep
	}
	return vllm.Options{
		BaseURL:     cfg.PRM.VLLM.URL,
		Model:       cfg.PRM.VLLM.Model,
		Mode:        mode,
		Timeout:     cfg.PRM.VLLM.Timeout,
		Concurrency: cfg.PRM.VLLM.Concurrency,
	}
}

// DefaultThreshold is the embedded model's calibrated first-error threshold, or 0.5.
func DefaultThreshold(prm hybrid.PRM) float64 {
	if m, ok := prm.(*embedded.Model); ok && m.Header.Threshold > 0 {
		return m.Header.Threshold
	}
	return 0.5
}
