package listcond

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/leanprm/leanprm/translate/internal/arith"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
	"github.com/leanprm/leanprm/translate/obligation"
)

// countRE opens the sentence right after a list: the count it states of
// the values listed ("This gives us 41 possible values", "So there are 38
// such values").
var countRE = regexp.MustCompile(`^\s*(?:this\s+gives(?:\s+us)?|that\s+gives(?:\s+us)?|(?:so|thus|hence|therefore),?\s+there\s+are|there\s+are)\s+(\d{1,6})\s+(?:possible\s+|such\s+|distinct\s+|different\s+|valid\s+)*(?:values|numbers|integers|choices|options|possibilities)\b`)

// readCount reads a list of whole numbers written with ellipses for a
// name's values, in a sentence that ends with it, and the count the next
// sentence opens with: "the possible values for b are -20, -19, \ldots,
// -1, 0, 4, 5, \ldots, 20. This gives us 41 possible values". Each
// ellipsis stands for the numbers between its neighbours in steps of the
// two numbers before it; the list must run one way (strictly increasing
// or decreasing), so its count is exact. A count that differs is refuted.
func readCount(step int, text, low, tactic string, leads [][]int, out []obligation.Obligation) []obligation.Obligation {
	for _, m := range leads {
		if len(out) >= maxOut {
			break
		}
		s, e := SentenceStart(low, m[0]), SentenceEnd(low, m[1])
		c := countRE.FindStringSubmatchIndex(low[e:min(len(low), e+nearAhead)])
		if c == nil || wordVetoRE.MatchString(low[s:e]) || wordVetoRE.MatchString(low[e:SentenceEnd(low, e)]) {
			continue
		}
		n, ok := ellipsisCount(low[m[1]:e])
		if !ok {
			continue
		}
		said, _ := new(big.Int).SetString(low[e+c[2]:e+c[3]], 10)
		if said.Cmp(n) == 0 {
			continue
		}
		o := newObl(step, text, m[0], e+c[3], obligation.KindEquality)
		o.Expr = fmt.Sprintf("the count of the values listed = %s", said)
		o.Prop = intTerm(n) + " = " + intTerm(said)
		o.OnProof, o.OnDisproof = obligation.Verified, obligation.Refuted
		o.WhyProof = fmt.Sprintf("the list holds %s values", n)
		o.WhyDisproof = fmt.Sprintf("the list, its ellipses written out, holds %s values, not %s", n, said)
		o.Note = "a count stated right after the list it counts; each ellipsis stands for the numbers between its neighbours in the step of the two before it"
		o.Lean, o.LeanNeg = arith.Declarations(o.Prop, tactic)
		out = append(out, o)
	}
	return out
}

// ellipsisCount is the number of values list (the rest of a sentence)
// holds with its ellipses written out: whole numbers joined by commas,
// "and", "or", with at least one ellipsis between two numbers in the
// step of the two before it, nothing after the last number but the
// sentence's end, and the whole list strictly one way.
func ellipsisCount(list string) (*big.Int, bool) {
	var nums []int64
	var ells []int // ells[k]: an ellipsis stands before nums[ells[k]]
	i := 0
	for len(nums) < 4*maxValues {
		i = skipJoin(list, i, len(list))
		if l := ellipsisAt(list[i:]); l > 0 {
			if len(nums) < 2 || len(ells) > 0 && ells[len(ells)-1] == len(nums) {
				return nil, false
			}
			ells = append(ells, len(nums))
			i += l
			continue
		}
		j := i
		if j < len(list) && list[j] == '-' {
			j++
		}
		k := j
		for k < len(list) && mathtext.IsDigit(list[k]) {
			k++
		}
		if k == j || k-j > maxDigits || k < len(list) && glued(list, k, len(list)) {
			break
		}
		var v int64
		fmt.Sscan(list[i:k], &v)
		nums = append(nums, v)
		i = k
	}
	if rest := strings.Trim(list[i:], " \t."); rest != "" || len(ells) == 0 || ells[len(ells)-1] >= len(nums) {
		return nil, false
	}
	dir := sign(nums[1] - nums[0])
	total := int64(len(nums))
	for k := 1; k < len(nums); k++ {
		if sign(nums[k]-nums[k-1]) != dir || dir == 0 {
			return nil, false
		}
	}
	for _, at := range ells {
		d := nums[at-1] - nums[at-2]
		gap := nums[at] - nums[at-1]
		if gap%d != 0 || gap/d < 2 {
			return nil, false
		}
		total += gap/d - 1
	}
	return big.NewInt(total), true
}

// ellipsisAt is the length of an ellipsis at the start of s, or 0.
func ellipsisAt(s string) int {
	for _, w := range []string{`\ldots`, `\dots`, `\cdots`, "...", "…"} {
		if strings.HasPrefix(s, w) {
			return len(w)
		}
	}
	return 0
}

func sign(x int64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
