package serve

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"

	"github.com/leanprm/leanprm/hybrid/reward"
)

// Hand-written JSON for /get_reward's answer (writeRewards): the bytes encoding/json writes
// for the same values (encode_test.go checks them against it), without its reflection, which
// cost a request of one sample more than its scoring's share.

// errNotJSON is a number JSON cannot hold (NaN, ±Inf): encoding/json refuses it too.
var errNotJSON = errors.New("a value JSON cannot hold")

// appendJSONFloat is f as encoding/json writes a float64.
func appendJSONFloat(b []byte, f float64) ([]byte, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return b, errNotJSON
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 is written e-9, as encoding/json writes it.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

// appendJSONString is s as encoding/json writes a string: printable ASCII that needs no
// escape as it is, anything else through encoding/json.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendColumns is a map of columns as encoding/json writes it: keys sorted.
func appendColumns(b []byte, cols map[string][]float64) ([]byte, error) {
	// /get_reward's columns fit in the array on the stack: no allocation per answer.
	var onStack [16]string
	keys := onStack[:0]
	for k := range cols {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	var err error
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(appendJSONString(b, k), ':')
		if b, err = appendFloats(b, cols[k]); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

func appendFloats(b []byte, xs []float64) ([]byte, error) {
	if xs == nil {
		return append(b, "null"...), nil
	}
	b = append(b, '[')
	var err error
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		if b, err = appendJSONFloat(b, x); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

// appendStepRewards is each item's dense rewards as encoding/json writes [][]reward.StepWork.
func appendStepRewards(b []byte, items [][]reward.StepWork) ([]byte, error) {
	if items == nil {
		return append(b, "null"...), nil
	}
	b = append(b, '[')
	var err error
	for i, steps := range items {
		if i > 0 {
			b = append(b, ',')
		}
		if steps == nil {
			b = append(b, "null"...)
			continue
		}
		b = append(b, '[')
		for k, s := range steps {
			if k > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"index":`...)
			b = strconv.AppendInt(b, int64(s.Index), 10)
			b = append(b, `,"work":`...)
			b = strconv.AppendBool(b, s.Work)
			b = append(b, `,"why":`...)
			b = appendJSONString(b, s.Why)
			if s.Linked {
				b = append(b, `,"linked":true`...)
			}
			if s.Result {
				b = append(b, `,"result":true`...)
			}
			if s.About {
				b = append(b, `,"about":true`...)
			}
			if s.Quantity {
				b = append(b, `,"quantity":true`...)
			}
			b = append(b, `,"score":`...)
			if b, err = appendJSONFloat(b, s.Score); err != nil {
				return b, err
			}
			b = append(b, `,"reward":`...)
			if b, err = appendJSONFloat(b, s.Reward); err != nil {
				return b, err
			}
			b = append(b, `,"start":`...)
			b = strconv.AppendInt(b, int64(s.Start), 10)
			b = append(b, `,"end":`...)
			b = strconv.AppendInt(b, int64(s.End), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, ']'), nil
}
