package train

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/leanprm/leanprm/hybrid/prm/embedded"
)

// boostConfig configures gradient boosting on top of the linear model.
type boostConfig struct {
	trees     int
	depth     int
	rate      float64
	lambda    float64
	minHess   float64
	subsample float64
	bins      int
}

// boost fits trees to the residual of the current model (the linear logit
// as base margin) by second-order gradient boosting on the weighted
// logistic loss. Everything is deterministic given rng.
func boost(ctx context.Context, m *embedded.Model, exs []example, arena []uint32, cfg boostConfig, rng *rand.Rand) {
	var rows []int
	for i := range exs {
		if !exs[i].held {
			rows = append(rows, i)
		}
	}
	if len(rows) == 0 || cfg.trees == 0 {
		return
	}
	// Quantile bin edges per feature, from the training rows.
	edges := make([][]float64, nDense)
	vals := make([]float64, len(rows))
	for k := range nDense {
		for j, i := range rows {
			vals[j] = float64(exs[i].dense[k])
		}
		slices.Sort(vals)
		var e []float64
		for b := 1; b < cfg.bins; b++ {
			v := vals[b*(len(vals)-1)/cfg.bins]
			if v > vals[0] && (len(e) == 0 || v > e[len(e)-1]) {
				e = append(e, v)
			}
		}
		edges[k] = e
	}
	binned := make([]uint8, len(exs)*nDense)
	for i := range exs {
		for k := range nDense {
			x := float64(exs[i].dense[k])
			binned[i*nDense+k] = uint8(sort.Search(len(edges[k]), func(b int) bool { return edges[k][b] > x }))
		}
	}
	margin := make([]float64, len(exs))
	var x [nDense]float64
	wsum := 0.0
	for _, i := range rows {
		wsum += float64(exs[i].weight)
	}
	norm := float64(len(rows)) / wsum
	for i := range exs {
		for k := range nDense {
			x[k] = float64(exs[i].dense[k])
		}
		margin[i] = m.Logit(x[:], arena[exs[i].lo:exs[i].hi], exs[i].hval)
	}
	g := make([]float64, len(exs))
	h := make([]float64, len(exs))
	sample := make([]int, 0, len(rows))
	for range cfg.trees {
		if ctx.Err() != nil {
			return
		}
		for _, i := range rows {
			p := sigmoid(margin[i])
			y := 0.0
			if exs[i].right {
				y = 1
			}
			w := float64(exs[i].weight) * norm
			g[i] = w * (p - y)
			h[i] = w * math.Max(p*(1-p), 1e-6)
		}
		sample = sample[:0]
		for _, i := range rows {
			if rng.Float64() < cfg.subsample {
				sample = append(sample, i)
			}
		}
		t := growTree(sample, g, h, binned, edges, cfg)
		for i := range exs {
			for k := range nDense {
				x[k] = float64(exs[i].dense[k])
			}
			margin[i] += t.Eval(x[:])
		}
		m.Trees = append(m.Trees, t)
	}
}

// growTree grows one tree depth-first on the sampled rows.
func growTree(rows []int, g, h []float64, binned []uint8, edges [][]float64, cfg boostConfig) embedded.Tree {
	var t embedded.Tree
	var grow func(rows []int, depth int) int32
	nb := cfg.bins + 1
	hg := make([]float64, nDense*nb)
	hh := make([]float64, nDense*nb)
	grow = func(rows []int, depth int) int32 {
		var G, H float64
		for _, i := range rows {
			G += g[i]
			H += h[i]
		}
		id := int32(len(t.Feat))
		t.Feat = append(t.Feat, -1)
		t.Thr = append(t.Thr, 0)
		t.Left = append(t.Left, -1)
		t.Right = append(t.Right, -1)
		t.Value = append(t.Value, -cfg.rate*G/(H+cfg.lambda))
		if depth == cfg.depth || H < 2*cfg.minHess {
			return id
		}
		clear(hg)
		clear(hh)
		for _, i := range rows {
			b := binned[i*nDense : (i+1)*nDense]
			for k := range nDense {
				hg[k*nb+int(b[k])] += g[i]
				hh[k*nb+int(b[k])] += h[i]
			}
		}
		parent := G * G / (H + cfg.lambda)
		bestGain, bestK, bestB := 1e-9, -1, 0
		for k := range nDense {
			var gl, hl float64
			for b := 0; b < len(edges[k]); b++ {
				gl += hg[k*nb+b]
				hl += hh[k*nb+b]
				gr, hr := G-gl, H-hl
				if hl < cfg.minHess || hr < cfg.minHess {
					continue
				}
				gain := gl*gl/(hl+cfg.lambda) + gr*gr/(hr+cfg.lambda) - parent
				if gain > bestGain {
					bestGain, bestK, bestB = gain, k, b
				}
			}
		}
		if bestK < 0 {
			return id
		}
		thr := edges[bestK][bestB] // left: bin ≤ bestB, i.e. x < edge
		var left, right []int
		for _, i := range rows {
			if int(binned[i*nDense+bestK]) <= bestB {
				left = append(left, i)
			} else {
				right = append(right, i)
			}
		}
		t.Feat[id] = int32(bestK)
		t.Thr[id] = thr
		l := grow(left, depth+1)
		r := grow(right, depth+1)
		t.Left[id], t.Right[id] = l, r
		return id
	}
	grow(rows, 0)
	return t
}
