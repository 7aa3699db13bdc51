package embedded

import "errors"

// Tree is one regression tree over the dense features, stored as parallel
// arrays: node i splits on feature Feat[i] (x < Thr[i] goes to Left[i],
// else Right[i]); a leaf has Feat[i] = -1 and contributes Value[i] to the
// logit.
type Tree struct {
	Feat  []int32   `json:"f"`
	Thr   []float64 `json:"t"`
	Left  []int32   `json:"l"`
	Right []int32   `json:"r"`
	Value []float64 `json:"v"`
}

// check validates a tree read from a file, so Eval cannot index out of
// range or loop.
func (t *Tree) check() error {
	n := len(t.Feat)
	if n == 0 || len(t.Thr) != n || len(t.Left) != n || len(t.Right) != n || len(t.Value) != n {
		return errors.New("malformed tree")
	}
	for i := range n {
		if t.Feat[i] < 0 {
			continue
		}
		if int(t.Feat[i]) >= nDense || t.Left[i] <= int32(i) || t.Right[i] <= int32(i) ||
			int(t.Left[i]) >= n || int(t.Right[i]) >= n {
			return errors.New("malformed tree node")
		}
	}
	return nil
}

// Eval is the tree's contribution to the logit for dense features x.
func (t *Tree) Eval(x []float64) float64 {
	i := int32(0)
	for t.Feat[i] >= 0 {
		if x[t.Feat[i]] < t.Thr[i] {
			i = t.Left[i]
		} else {
			i = t.Right[i]
		}
	}
	return t.Value[i]
}
