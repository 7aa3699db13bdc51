package embedded

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sync"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/chain"
)

// DefaultPath is where the committed model lives, relative to the module
// root; `make model` regenerates it.
const DefaultPath = "hybrid/prm/embedded/model.bin"

//go:embed model.bin
var defaultModel []byte

// Model is a trained step scorer: logistic regression over dense features
// and hashed word n-grams, with a Platt calibration on top. A Model is safe
// for concurrent use.
type Model struct {
	Header
	hashW []float32
	pool  sync.Pool // *featurizer
	// contexts, when set, keeps scored chains' features (WithContexts).
	contexts *ContextCache
}

var _ hybrid.PRM = (*Model)(nil)

// Header is the model file's metadata and small parameters.
type Header struct {
	Format         string    `json:"format"`
	FeatureVersion int       `json:"feature_version"`
	HashBits       int       `json:"hash_bits"`
	Dense          []string  `json:"dense"`
	Mean           []float64 `json:"mean"`
	Scale          []float64 `json:"scale"` // 1/std of each dense feature
	DenseW         []float64 `json:"dense_w"`
	Bias           float64   `json:"bias"`
	// PlattA and PlattB calibrate the raw logit z: p = σ(A·z + B).
	PlattA float64 `json:"platt_a"`
	PlattB float64 `json:"platt_b"`
	// Prior is the share of right steps in the calibration data: the
	// score of a Lean step, whose text the model was not trained on (the
	// formal side judges those).
	Prior float64 `json:"prior"`
	// Trees are boosted on top of the linear logit (none when empty).
	Trees []Tree `json:"trees,omitempty"`
	// Threshold is the ProcessBench-F1-optimal threshold on the
	// calibration set (GSM8K dev), the default for first-error predictions.
	Threshold float64 `json:"threshold"`
	Train     Summary `json:"train"`
}

// Summary records how a model was trained.
type Summary struct {
	Seed uint64 `json:"seed"`
	// Bags is the number of averaged models (seeds Seed, Seed+1, ...).
	Bags         int             `json:"bags,omitempty"`
	Epochs       int             `json:"epochs"`
	L2           float64         `json:"l2"`
	LearningRate float64         `json:"learning_rate"`
	Sources      []SourceSummary `json:"sources"`
	// HeldOut are metrics on the held-out tenth of the training chains.
	HeldOut Metrics `json:"held_out"`
	// Calibration are metrics on the calibration steps after Platt scaling.
	Calibration Metrics `json:"calibration"`
	// CalibrationF1 is ProcessBench F1 (×100) at Threshold on the
	// threshold file.
	CalibrationF1 float64 `json:"calibration_f1"`
}

// SourceSummary counts the examples one data source contributed.
type SourceSummary struct {
	Name     string  `json:"name"`
	Chains   int     `json:"chains"`
	Positive int     `json:"positive"`
	Negative int     `json:"negative"`
	Weight   float64 `json:"weight"`
}

// Metrics are step-level classification metrics.
type Metrics struct {
	Steps   int     `json:"steps"`
	AUC     float64 `json:"auc"`
	LogLoss float64 `json:"log_loss"`
}

const (
	magic      = "LEANPRM-EMBEDDED\n"
	formatName = "leanprm-embedded-lr"
)

// Default returns the committed model. Each call parses the embedded
// bytes (about a millisecond), so callers keep the *Model they get.
func Default() (*Model, error) { return Load(defaultModel) }

// Load parses a model file.
func Load(data []byte) (*Model, error) {
	if !bytes.HasPrefix(data, []byte(magic)) {
		return nil, errors.New("embedded: not a model file (bad magic)")
	}
	data = data[len(magic):]
	if len(data) < 4 {
		return nil, errors.New("embedded: truncated model header")
	}
	hl := binary.LittleEndian.Uint32(data)
	data = data[4:]
	if uint64(hl) > uint64(len(data)) {
		return nil, errors.New("embedded: truncated model header")
	}
	m := &Model{}
	if err := json.Unmarshal(data[:hl], &m.Header); err != nil {
		return nil, fmt.Errorf("embedded: model header: %w", err)
	}
	data = data[hl:]
	h := &m.Header
	switch {
	case h.Format != formatName:
		return nil, fmt.Errorf("embedded: model format %q, want %q", h.Format, formatName)
	case h.FeatureVersion != FeatureVersion:
		return nil, fmt.Errorf("embedded: model has feature version %d, this build computes %d; run `make model`", h.FeatureVersion, FeatureVersion)
	}
	if err := h.check(); err != nil {
		return nil, err
	}
	n := h.hashSize()
	if len(data) != 4*n {
		return nil, fmt.Errorf("embedded: %d bytes of hashed weights, want %d", len(data), 4*n)
	}
	m.hashW = make([]float32, n)
	for i := range m.hashW {
		m.hashW[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:]))
	}
	return m, nil
}

// New is the model with header h and hashed n-gram weights hashWeights (2^h.HashBits of them,
// none when HashBits is 0): what a trainer (package embedded/train) fitted. h is checked as
// Load checks a file's header; its Format and FeatureVersion are set when the model is
// written. The model takes hashWeights over: the caller must not change them afterwards.
func New(h Header, hashWeights []float32) (*Model, error) {
	if err := h.check(); err != nil {
		return nil, err
	}
	if n := h.hashSize(); len(hashWeights) != n {
		return nil, fmt.Errorf("embedded: %d hashed weights, want %d", len(hashWeights), n)
	}
	return &Model{Header: h, hashW: hashWeights}, nil
}

// check validates the shapes of h: the hash table's size, the dense features (these, in
// this order) and the trees.
func (h *Header) check() error {
	switch {
	case h.HashBits < 0 || h.HashBits > 24:
		return fmt.Errorf("embedded: hash bits %d out of range", h.HashBits)
	case len(h.Dense) != nDense || len(h.Mean) != nDense || len(h.Scale) != nDense || len(h.DenseW) != nDense:
		return fmt.Errorf("embedded: model has %d dense features, want %d", len(h.Dense), nDense)
	}
	for _, t := range h.Trees {
		if err := t.check(); err != nil {
			return fmt.Errorf("embedded: %w", err)
		}
	}
	for i, name := range h.Dense {
		if name != denseNames[i] {
			return fmt.Errorf("embedded: dense feature %d is %q, want %q", i, name, denseNames[i])
		}
	}
	return nil
}

// hashSize is the number of hashed weights of a model with h.
func (h *Header) hashSize() int {
	if h.HashBits > 0 {
		return 1 << h.HashBits
	}
	return 0
}

// MarshalBinary encodes the model. The encoding is deterministic: the same
// model always yields the same bytes.
func (m *Model) MarshalBinary() ([]byte, error) {
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteTo writes the model file.
func (m *Model) WriteTo(w io.Writer) (int64, error) {
	h := m.Header
	h.Format = formatName
	h.FeatureVersion = FeatureVersion
	hb, err := json.MarshalIndent(h, "", " ")
	if err != nil {
		return 0, err
	}
	out := make([]byte, 0, len(magic)+4+len(hb)+4*len(m.hashW))
	out = append(out, magic...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(hb)))
	out = append(out, hb...)
	for _, v := range m.hashW {
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(v))
	}
	n, err := w.Write(out)
	return int64(n), err
}

// WriteFile writes the model to path.
func (m *Model) WriteFile(path string) error {
	b, err := m.MarshalBinary()
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

func (m *Model) featurizer() *featurizer {
	if f, ok := m.pool.Get().(*featurizer); ok {
		return f
	}
	return newFeaturizer(uint(m.HashBits))
}

// ScoreChain implements hybrid.PRM: the calibrated probability that each
// step is right. A Lean step (Step.Formal) gets Prior: the model reads
// prose, and the formal side decides Lean. It only fails on a cancelled
// context (checked before the chain and every 256 steps).
func (m *Model) ScoreChain(ctx context.Context, problem string, steps []chain.Step) ([]float64, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([]float64, len(steps))
	f := m.featurizer()
	defer m.pool.Put(f)
	var dense [nDense]float64
	f.startChain(problem)
	// With a ContextCache, a chain that extends one scored before starts
	// after it (contexts.go).
	hashes, kept := m.contexts.lookup(m.HashBits, problem, steps)
	start := kept.resume(f)
	var features []*stepFeatures
	if m.contexts != nil {
		features = make([]*stepFeatures, len(steps))
	}
	for i := range start {
		features[i] = kept.features[i]
		out[i] = m.keptScore(features[i], i, len(steps), steps[i].Formal, len(f.problem) > 0)
	}
	for i := start; i < len(steps); i++ {
		st := steps[i]
		if i%256 == 255 && ctx.Err() != nil { // a chain of very many steps still stops on an interrupt
			return nil, ctx.Err()
		}
		hs, hv := f.step(i, len(steps), st, dense[:])
		if features != nil {
			features[i] = &stepFeatures{dense: dense, hashes: slices.Clone(hs), hv: hv}
		}
		if st.Formal {
			// No evidence either way from a text model: the prior.
			out[i] = m.Prior
			continue
		}
		out[i] = sigmoid(m.PlattA*m.logit(dense[:], hs, hv) + m.PlattB)
	}
	if start < len(steps) {
		m.contexts.keep(hashes, m.HashBits, problem, steps, features, f)
	}
	return out, nil
}

// Logit is the uncalibrated score of one step's features as Features.Step computed them
// (dense, hashes, hval): ScoreChain's score of the step is σ(PlattA·Logit + PlattB). A
// trainer reads it to boost and calibrate.
func (m *Model) Logit(dense []float64, hashes []uint32, hval float32) float64 {
	return m.logit(dense, hashes, hval)
}

// logit is the uncalibrated score.
func (m *Model) logit(dense []float64, hs []uint32, hv float32) float64 {
	z := m.Bias
	for k := range nDense {
		z += m.DenseW[k] * (dense[k] - m.Mean[k]) * m.Scale[k]
	}
	var t float32
	for _, h := range hs {
		t += m.hashW[h]
	}
	z += float64(t * hv)
	if len(m.Trees) > 0 {
		// Trees split on float32 values, as the training examples
		// stored them.
		var x [nDense]float64
		for k := range nDense {
			x[k] = float64(float32(dense[k]))
		}
		for i := range m.Trees {
			z += m.Trees[i].Eval(x[:])
		}
	}
	return z
}

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}
