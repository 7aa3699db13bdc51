package train

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/leanprm/leanprm/hybrid"
	"github.com/leanprm/leanprm/hybrid/bench"
	"github.com/leanprm/leanprm/hybrid/chain"
	"github.com/leanprm/leanprm/hybrid/prm/embedded"
)

// DefaultSeed is the seed the committed model was trained with.
const DefaultSeed = 1

// Config configures Fit. The zero value, with DataDir set, trains the
// default model.
type Config struct {
	// DataDir holds the data sets (see data.go for the layout), normally
	// ../shared/data.
	DataDir string
	Seed    uint64
	// HashBits sizes an optional table of hashed word unigrams and bigrams
	// (2^HashBits weights). 0, the default, leaves them out: measured on
	// ProcessBench dev, n-grams learned from PRMBench's style lowered the
	// step AUC from 0.71 to 0.64 and F1 on every subset.
	HashBits int
	// Epochs of AdaGrad over the training examples; 0 means 4.
	Epochs int
	// L2 regularization per update; 0 means 1e-5.
	L2 float64
	// LearningRate is AdaGrad's step size; 0 means 0.1 (0.05 and 0.2
	// lose under cross-validation, see docs/TRAINING.md).
	LearningRate float64
	// Sources to train on, in order; nil means prmbench, mr-gsm8k and
	// gsm8k-weak, and labels when LabelFiles are given.
	Sources []string
	// LabelFiles are step-label files (`leanprm label` output or its exports: TRL, FoVer,
	// ProcessBench, PRM800K, or any format hybrid/chain reads with step labels): the
	// "labels" source. Every labelled step is an example; unlabelled steps are skipped.
	LabelFiles []string
	// Weights scales each source's examples; nil means DefaultWeights,
	// and a source missing from the map has weight 1.
	Weights map[string]float64
	// Trees boosted on top of the linear model (depth TreeDepth, 0 means
	// 3); 0 trains none. Cross-validated they lose (see docs/TRAINING.md):
	// hybrid GSM8K F1 46.1 with 20 trees, 44.8 with 60, against 49.7
	// without (seed 1).
	Trees     int
	TreeDepth int
	// Drop names dense features to leave out (their weight stays 0), for
	// ablations.
	Drop []string
	// Bags is the number of models averaged into one (bagging): model b
	// draws its weak labels and its example order from seed Seed+b, and
	// their linear parts are averaged, which cancels most of the
	// variation one seed's draw brings (ProcessBench GSM8K dev F1 moved by
	// ±1.5 between single seeds, by 49.7-50.3 with five bags and by
	// 51.1-51.3 with ten, seeds 1, 11, 21). Cross-validated (`leanprm
	// train --cv`) ten bags still win on both folds (hybrid GSM8K F1 on
	// the fold chosen on: 47.2 against 46.6 and 54.8 against 54.3, means
	// of seeds 1, 11, 21; cross-validated 50.1 against 48.9); twenty bags
	// tie with ten on both folds (47.2 / 54.8) and cross-validate to 49.8,
	// so ten stay. 0 means
	// DefaultBags; the model is one linear model either way, as fast to
	// run.
	Bags int
	// WeakKinds are the corruptions that make GSM8K weak negatives (Kind*
	// constants); nil means DefaultWeakKinds.
	WeakKinds []int
	// Logf receives progress messages; nil discards them.
	Logf func(format string, args ...any)
}

// DefaultBags is the number of bagged models of the default model.
const DefaultBags = 10

func (c *Config) defaults() {
	if c.Bags == 0 {
		c.Bags = DefaultBags
	}
	if c.WeakKinds == nil {
		c.WeakKinds = DefaultWeakKinds
	}
	if c.Epochs == 0 {
		c.Epochs = 4
	}
	if c.L2 == 0 {
		c.L2 = 1e-5
	}
	if c.LearningRate == 0 {
		c.LearningRate = 0.1
	}
	if c.Sources == nil {
		c.Sources = []string{srcPRMBench, srcMRGSM8K, srcGSM8K}
		if len(c.LabelFiles) > 0 {
			c.Sources = append(c.Sources, SourceLabels)
		}
	}
	if c.Logf == nil {
		c.Logf = func(string, ...any) {}
	}
}

// DefaultWeights favours MR-GSM8K, whose steps are written like the ones
// leanprm scores (model outputs with human first-error labels); on
// ProcessBench dev this raised average F1 from 29.8 to 33.1. Re-examined
// under cross-validation (`leanprm train --cv --weight ...`, ten bags,
// seeds 1, 11, 21), these weights win on both folds: hybrid GSM8K F1 on the
// fold chosen on, 47.2 / 54.8 here against 44.6 / 53.5 with MR-GSM8K at
// 1, 46.6 / 51.9 at 6, 45.1 / 52.6 with PRMBench at 0.5, 45.6 / 53.5 at
// 2, 46.0 / 52.6 with the GSM8K weak labels at 2 and 46.6 / 52.3 at 0.5
// (the last raises the other subsets, cross-validated average 37.9
// against 37.5, but loses GSM8K, the goal's subset). L2 1e-4 changes
// nothing, 1e-3 and 2 or 8 epochs lose.
var DefaultWeights = map[string]float64{srcMRGSM8K: 3}

func (c *Config) weight(source string) float64 {
	ws := c.Weights
	if ws == nil {
		ws = DefaultWeights
	}
	if w, ok := ws[source]; ok {
		return w
	}
	return 1
}

// nDense is the number of dense features of every example.
const nDense = embedded.NumDense

// example is one labelled step.
type example struct {
	dense  [nDense]float32
	lo, hi int // hashed features: arena[lo:hi]
	hval   float32
	right  bool
	weight float32
	src    int
	held   bool
}

// Fit trains a model on the data in cfg.DataDir. It is deterministic: the
// same data and configuration give a byte-identical model file, because
// files are read in sorted order, every random choice comes from PCGs
// seeded by cfg.Seed, nothing depends on map iteration order, and training
// runs on one goroutine.
func Fit(ctx context.Context, cfg Config) (*embedded.Model, error) {
	cfg.defaults()
	if cfg.HashBits != 0 && (cfg.HashBits < 8 || cfg.HashBits > 24) {
		return nil, fmt.Errorf("embedded: HashBits %d out of range: 0 or [8, 24]", cfg.HashBits)
	}
	if cfg.Bags < 1 || cfg.Bags > 64 {
		return nil, fmt.Errorf("embedded: Bags %d out of range [1, 64]", cfg.Bags)
	}
	if cfg.Trees < 0 || cfg.Trees > 1000 || cfg.TreeDepth < 0 || cfg.TreeDepth > 8 {
		return nil, fmt.Errorf("embedded: %d trees of depth %d out of range: [0, 1000] trees, depth [0, 8]", cfg.Trees, cfg.TreeDepth)
	}
	if !(cfg.LearningRate > 0 && cfg.LearningRate <= 10) || !(cfg.L2 >= 0 && cfg.L2 <= 1) || cfg.Epochs < 1 || cfg.Epochs > 1000 {
		return nil, fmt.Errorf("embedded: learning rate %g, L2 %g or epochs %d out of range: (0, 10], [0, 1], [1, 1000]", cfg.LearningRate, cfg.L2, cfg.Epochs)
	}
	for _, k := range cfg.WeakKinds {
		if k < 0 || k >= weakKinds {
			return nil, fmt.Errorf("embedded: weak-label kind %d out of range [0, %d]", k, weakKinds-1)
		}
	}
	logf := cfg.Logf
	start := time.Now()

	// The sources without random choices are read and featurized once;
	// each bag adds its own draw of the random ones (the weak labels).
	var fixed, random []string
	for _, s := range cfg.Sources {
		if s == srcGSM8K {
			random = append(random, s)
		} else {
			fixed = append(fixed, s)
		}
	}
	srcIndex := map[string]int{}
	for i, s := range cfg.Sources {
		srcIndex[s] = i
	}
	f := embedded.NewFeatures(cfg.HashBits)
	load := func(names []string, rng *rand.Rand, sums []embedded.SourceSummary) ([]example, []uint32, error) {
		var exs []example
		var arena []uint32
		for _, s := range names {
			var chains []labelled
			var err error
			if s == SourceLabels {
				chains, err = loadLabelFiles(cfg.LabelFiles, logf)
			} else {
				chains, err = loadSource(cfg.DataDir, s, cfg.WeakKinds, rng, logf)
			}
			if err != nil {
				return nil, nil, fmt.Errorf("embedded: source %s: %w", s, err)
			}
			logf("train: source %s: %d chains (%v)", s, len(chains), time.Since(start).Round(time.Millisecond))
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
			exs, arena = featurize(ctx, f, chains, srcIndex[s], &sums[srcIndex[s]], exs, arena)
		}
		return exs, arena, ctx.Err()
	}
	baseSums := make([]embedded.SourceSummary, len(cfg.Sources))
	for i, s := range cfg.Sources {
		baseSums[i] = embedded.SourceSummary{Name: s, Weight: cfg.weight(s)}
	}
	baseExs, baseArena, err := load(fixed, nil, baseSums)
	if err != nil {
		return nil, err
	}

	var lin *linear
	var exs0 []example
	var arena0 []uint32
	var sums0 []embedded.SourceSummary
	for b := range cfg.Bags {
		seed := cfg.Seed + uint64(b)
		rng := rand.New(rand.NewPCG(seed, seed^0x9E3779B97F4A7C15))
		sums := slices.Clone(baseSums)
		exs := slices.Clone(baseExs)
		arena := slices.Clone(baseArena)
		if len(random) > 0 {
			var more []example
			var moreArena []uint32
			more, moreArena, err = load(random, rng, sums)
			if err != nil {
				return nil, err
			}
			for i := range more {
				more[i].lo += len(arena)
				more[i].hi += len(arena)
			}
			exs = append(exs, more...)
			arena = append(arena, moreArena...)
		}
		if len(exs) == 0 {
			return nil, errors.New("embedded: no labelled training steps found under " + cfg.DataDir)
		}
		setWeights(exs, sums)
		if b == 0 {
			logf("train: %d examples featurized (%v)", len(exs), time.Since(start).Round(time.Millisecond))
			for _, s := range sums {
				logf("train: %s: %d chains, %d right steps, %d wrong steps, weight %g", s.Name, s.Chains, s.Positive, s.Negative, s.Weight)
			}
		}
		mb := newModel(cfg, exs)
		fit(ctx, mb, exs, arena, cfg, rng)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if b == 0 {
			lin, exs0, arena0, sums0 = mb, exs, arena, sums
		} else {
			lin.add(mb)
		}
	}
	lin.scaleBy(1 / float64(cfg.Bags))
	m, err := embedded.New(lin.Header, lin.hashW)
	if err != nil {
		return nil, err
	}
	if cfg.Trees > 0 {
		depth := cfg.TreeDepth
		if depth == 0 {
			depth = 3
		}
		boost(ctx, m, exs0, arena0, boostConfig{trees: cfg.Trees, depth: depth, rate: 0.1, lambda: 1,
			minHess: 1, subsample: 0.5, bins: 32}, rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^0x5DEECE66D)))
		logf("train: %d trees of depth %d (%v)", len(m.Trees), depth, time.Since(start).Round(time.Millisecond))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m.Train = embedded.Summary{Seed: cfg.Seed, Bags: cfg.Bags, Epochs: cfg.Epochs, L2: cfg.L2, LearningRate: cfg.LearningRate, Sources: sums0}
	m.Train.HeldOut = evalExamples(m, exs0, arena0, true)
	logf("train: held out: %d steps, AUC %.4f, log loss %.4f", m.Train.HeldOut.Steps, m.Train.HeldOut.AUC, m.Train.HeldOut.LogLoss)

	if err := calibrate(ctx, m, cfg.DataDir, logf); err != nil {
		return nil, err
	}
	return m, nil
}

// featurize appends the labelled steps of chains (source index src) to
// exs and their hashed features to arena, counting them into sum.
func featurize(ctx context.Context, f *embedded.Features, chains []labelled, src int, sum *embedded.SourceSummary, exs []example, arena []uint32) ([]example, []uint32) {
	var dense [nDense]float64
	for ci, lc := range chains {
		if ci%4096 == 0 && ctx.Err() != nil {
			return exs, arena
		}
		held := heldOut(lc.group)
		sum.Chains++
		f.StartChain(lc.chain.Problem)
		n := len(lc.chain.Steps)
		for i, st := range lc.chain.Steps {
			hs, hv := f.Step(i, n, st, dense[:])
			if st.Label == chain.Unlabeled {
				continue
			}
			ex := example{lo: len(arena), hval: hv, right: st.Label == chain.Correct, src: src, held: held}
			arena = append(arena, hs...)
			ex.hi = len(arena)
			for k := range nDense {
				ex.dense[k] = float32(dense[k])
			}
			if ex.right {
				sum.Positive++
			} else {
				sum.Negative++
			}
			exs = append(exs, ex)
		}
	}
	return exs, arena
}

// setWeights gives each source its mass (weight × examples), split evenly
// between right and wrong steps.
func setWeights(exs []example, sums []embedded.SourceSummary) {
	for i := range exs {
		s := sums[exs[i].src]
		n := float64(s.Positive + s.Negative)
		cls := float64(s.Negative)
		if exs[i].right {
			cls = float64(s.Positive)
		}
		exs[i].weight = float32(s.Weight * n / (2 * cls))
	}
}

// linear is the linear part of a model under training: the header's weights and the hashed
// n-gram weights, which fit updates in place (an embedded.Model's are not to be changed).
type linear struct {
	embedded.Header
	hashW []float32
}

// newModel is an untrained model standardized on exs.
func newModel(cfg Config, exs []example) *linear {
	right := 0
	for i := range exs {
		if exs[i].right {
			right++
		}
	}
	m := &linear{Header: embedded.Header{
		HashBits: cfg.HashBits, Dense: embedded.DenseNames(),
		Mean: make([]float64, nDense), Scale: make([]float64, nDense), DenseW: make([]float64, nDense),
		PlattA: 1, Threshold: 0.5, Prior: roundTo(float64(right)/float64(len(exs)), 6),
	}}
	if cfg.HashBits > 0 {
		m.hashW = make([]float32, 1<<cfg.HashBits)
	}
	standardize(m, exs)
	for _, name := range cfg.Drop {
		if k := slices.Index(m.Dense, name); k >= 0 {
			m.Scale[k] = 0
		}
	}
	return m
}

// add adds o's linear part to m's, expressed in m's standardization (the
// logits add up for every input). A feature m found constant keeps weight
// 0.
func (m *linear) add(o *linear) {
	for k := range nDense {
		w := o.DenseW[k] * o.Scale[k] // weight on the raw feature
		m.Bias += w * (m.Mean[k] - o.Mean[k])
		if m.Scale[k] != 0 {
			m.DenseW[k] += w / m.Scale[k]
		}
	}
	m.Bias += o.Bias
	for i := range m.hashW {
		m.hashW[i] += o.hashW[i]
	}
}

// scaleBy multiplies the linear part by c (c = 1/bags averages the sum).
func (m *linear) scaleBy(c float64) {
	m.Bias *= c
	for k := range m.DenseW {
		m.DenseW[k] *= c
	}
	for i := range m.hashW {
		m.hashW[i] *= float32(c)
	}
}

// heldOut puts a tenth of the problems aside, by a hash of the problem.
func heldOut(group string) bool {
	h := fnv.New32a()
	h.Write([]byte(group))
	return h.Sum32()%10 == 0
}

func standardize(m *linear, exs []example) {
	var n float64
	sum := make([]float64, nDense)
	sq := make([]float64, nDense)
	for i := range exs {
		if exs[i].held {
			continue
		}
		n++
		for k := range nDense {
			v := float64(exs[i].dense[k])
			sum[k] += v
			sq[k] += v * v
		}
	}
	for k := range nDense {
		if n == 0 {
			m.Scale[k] = 1
			continue
		}
		mean := sum[k] / n
		v := sq[k]/n - mean*mean
		m.Mean[k] = mean
		if v > 1e-12 {
			m.Scale[k] = 1 / math.Sqrt(v)
		} else {
			m.Scale[k] = 0 // constant feature: no signal
		}
	}
}

// fit runs AdaGrad on the weighted logistic loss over the training
// (non-held-out) examples.
func fit(ctx context.Context, m *linear, exs []example, arena []uint32, cfg Config, rng *rand.Rand) {
	var train []int
	var wpos, wall float64
	for i := range exs {
		if exs[i].held {
			continue
		}
		train = append(train, i)
		wall += float64(exs[i].weight)
		if exs[i].right {
			wpos += float64(exs[i].weight)
		}
	}
	if len(train) == 0 || wall == 0 {
		return
	}
	p := math.Min(math.Max(wpos/wall, 1e-6), 1-1e-6)
	m.Bias = math.Log(p / (1 - p))
	// Normalize weights to mean 1 so the step size means the same for any
	// data size.
	norm := float64(len(train)) / wall

	const eps = 1e-8
	lr := cfg.LearningRate
	l2 := cfg.L2
	gBias := 0.0
	gDense := make([]float64, nDense)
	gHash := make([]float32, len(m.hashW))
	var x [nDense]float64
	for epoch := range cfg.Epochs {
		if ctx.Err() != nil {
			return
		}
		rng.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		var loss, wsum float64
		for _, i := range train {
			ex := &exs[i]
			for k := range nDense {
				x[k] = (float64(ex.dense[k]) - m.Mean[k]) * m.Scale[k]
			}
			z := m.Bias
			for k := range nDense {
				z += m.DenseW[k] * x[k]
			}
			var hz float32
			hs := arena[ex.lo:ex.hi]
			for _, h := range hs {
				hz += m.hashW[h]
			}
			z += float64(hz * ex.hval)
			y := 0.0
			if ex.right {
				y = 1
			}
			pr := sigmoid(z)
			w := float64(ex.weight) * norm
			loss += w * logLoss(pr, y)
			wsum += w
			g := w * (pr - y) // d loss / d z

			gBias += g * g
			m.Bias -= lr * g / (math.Sqrt(gBias) + eps)
			for k := range nDense {
				gk := g*x[k] + l2*m.DenseW[k]
				gDense[k] += gk * gk
				m.DenseW[k] -= lr * gk / (math.Sqrt(gDense[k]) + eps)
			}
			gh := float32(g) * ex.hval
			for _, h := range hs {
				gk := gh + float32(l2)*m.hashW[h]
				gHash[h] += gk * gk
				m.hashW[h] -= float32(lr) * gk / (float32(math.Sqrt(float64(gHash[h]))) + eps)
			}
		}
		cfg.Logf("train: epoch %d: weighted log loss %.4f", epoch+1, loss/wsum)
	}
}

func logLoss(p, y float64) float64 {
	p = math.Min(math.Max(p, 1e-12), 1-1e-12)
	return -(y*math.Log(p) + (1-y)*math.Log(1-p))
}

// evalExamples measures the uncalibrated model on held-out (or training)
// examples.
func evalExamples(m *embedded.Model, exs []example, arena []uint32, held bool) embedded.Metrics {
	var zs []float64
	var ys []bool
	var x [nDense]float64
	for i := range exs {
		ex := &exs[i]
		if ex.held != held {
			continue
		}
		for k := range nDense {
			x[k] = float64(ex.dense[k])
		}
		zs = append(zs, m.Logit(x[:], arena[ex.lo:ex.hi], ex.hval))
		ys = append(ys, ex.right)
	}
	return metrics(zs, ys, 1, 0)
}

// metrics computes AUC and log loss of σ(a·z+b).
func metrics(zs []float64, ys []bool, a, b float64) embedded.Metrics {
	mt := embedded.Metrics{Steps: len(zs)}
	if len(zs) == 0 {
		return mt
	}
	var pos, neg []float64
	for i, z := range zs {
		y := 0.0
		if ys[i] {
			y = 1
			pos = append(pos, z)
		} else {
			neg = append(neg, z)
		}
		mt.LogLoss += logLoss(sigmoid(a*z+b), y)
	}
	mt.LogLoss /= float64(len(zs))
	mt.AUC = bench.AUC(pos, neg)
	return mt
}

// calibrate fits Platt scaling on ProcessBench dev steps (those the label
// decides: before and at the first error) and picks the default threshold
// on the GSM8K dev file. Without the files the model stays uncalibrated
// (A=1, B=0) with threshold 0.5.
func calibrate(ctx context.Context, m *embedded.Model, dir string, logf func(string, ...any)) error {
	files, err := filepath.Glob(filepath.Join(dir, "processbench", "*.dev.jsonl"))
	if err != nil {
		return err
	}
	sort.Strings(files)
	if len(files) == 0 {
		logf("train: no processbench/*.dev.jsonl: model left uncalibrated")
		return nil
	}
	var zs []float64
	var ys []bool
	type scored struct {
		chain chain.Chain
		z     []float64
	}
	var thresholdSet []scored
	f := embedded.NewFeatures(m.HashBits)
	var dense [nDense]float64
	for _, path := range files {
		chains, _, err := chain.Read(path, chain.FormatProcessBench)
		if err != nil {
			return err
		}
		for _, c := range chains {
			if err := ctx.Err(); err != nil {
				return err
			}
			f.StartChain(c.Problem)
			cz := make([]float64, len(c.Steps))
			for i, st := range c.Steps {
				hs, hv := f.Step(i, len(c.Steps), st, dense[:])
				cz[i] = m.Logit(dense[:], hs, hv)
				if st.Label != chain.Unlabeled {
					zs = append(zs, cz[i])
					ys = append(ys, st.Label == chain.Correct)
				}
			}
			if filepath.Base(path) == "gsm8k.dev.jsonl" {
				thresholdSet = append(thresholdSet, scored{c, cz})
			}
		}
	}
	m.PlattA, m.PlattB = platt(zs, ys)
	right := 0
	for _, y := range ys {
		if y {
			right++
		}
	}
	if len(ys) > 0 {
		m.Prior = roundTo(float64(right)/float64(len(ys)), 6)
	}
	m.Train.Calibration = metrics(zs, ys, m.PlattA, m.PlattB)
	logf("train: calibration: %d steps, A %.4f, B %.4f, AUC %.4f, log loss %.4f",
		len(zs), m.PlattA, m.PlattB, m.Train.Calibration.AUC, m.Train.Calibration.LogLoss)

	if len(thresholdSet) > 0 {
		results := make([]hybrid.Scored, len(thresholdSet))
		for i, s := range thresholdSet {
			r := hybrid.Scored{ID: s.chain.ID, FirstError: s.chain.FirstError, Steps: make([]hybrid.ScoredStep, len(s.z))}
			for j, z := range s.z {
				r.Steps[j].Score = sigmoid(m.PlattA*z + m.PlattB)
			}
			results[i] = r
		}
		t, sc := bench.ChooseThreshold(results)
		m.Threshold = roundTo(t, 6)
		m.Train.CalibrationF1 = roundTo(sc.F1, 4)
		logf("train: threshold %.4f (ProcessBench GSM8K dev F1 %.1f)", t, sc.F1)
	}
	return nil
}

// platt fits p = σ(a·z + b) by Newton's method on the log loss, with
// Platt's smoothed targets.
func platt(zs []float64, ys []bool) (float64, float64) {
	var np, nn float64
	for _, y := range ys {
		if y {
			np++
		} else {
			nn++
		}
	}
	if np == 0 || nn == 0 {
		return 1, 0
	}
	hiT, loT := (np+1)/(np+2), 1/(nn+2)
	a, b := 1.0, 0.0
	obj := func(a, b float64) float64 {
		var s float64
		for i, z := range zs {
			t := loT
			if ys[i] {
				t = hiT
			}
			p := sigmoid(a*z + b)
			s += logLoss(p, t)
		}
		return s
	}
	cur := obj(a, b)
	for range 100 {
		var gA, gB, hAA, hAB, hBB float64
		for i, z := range zs {
			t := loT
			if ys[i] {
				t = hiT
			}
			p := sigmoid(a*z + b)
			d := p - t
			w := math.Max(p*(1-p), 1e-12)
			gA += d * z
			gB += d
			hAA += w * z * z
			hAB += w * z
			hBB += w
		}
		hAA += 1e-9
		hBB += 1e-9
		det := hAA*hBB - hAB*hAB
		if det <= 0 {
			break
		}
		dA := (hBB*gA - hAB*gB) / det
		dB := (hAA*gB - hAB*gA) / det
		step := 1.0
		for step > 1e-8 {
			na, nb := a-step*dA, b-step*dB
			if v := obj(na, nb); v <= cur {
				a, b, cur = na, nb, v
				break
			}
			step /= 2
		}
		if math.Abs(dA)+math.Abs(dB) < 1e-9 || step <= 1e-8 {
			break
		}
	}
	return roundTo(a, 9), roundTo(b, 9)
}

func sigmoid(z float64) float64 {
	if z >= 0 {
		return 1 / (1 + math.Exp(-z))
	}
	e := math.Exp(z)
	return e / (1 + e)
}
