package reward

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/leanprm/leanprm/hybrid"
)

func TestZZRelates(t *testing.T) {
	f, _ := os.ReadFile("/work/shared/data/processbench/math.dev.jsonl")
	for _, l := range strings.Split(string(f), "\n") {
		var r struct {
			ID, Problem string
			Steps       []string
		}
		json.Unmarshal([]byte(l), &r)
		if r.ID != os.Getenv("ZZID") {
			continue
		}
		sc := hybrid.Scored{Problem: r.Problem}
		for _, s := range r.Steps {
			sc.Steps = append(sc.Steps, hybrid.ScoredStep{Text: s, Score: 0.9})
		}
		w := Measure(&sc, 0.9)
		for i, s := range w.Steps {
			fmt.Println(i, s.Why, s.About)
		}
		k := newKnown(r.Problem)
		for i, s := range r.Steps {
			for _, seg := range segments(s) {
				fmt.Printf("%d %q %v\n", i, seg, k.relates(seg))
			}
		}
	}
}
