package reward

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZAbout(t *testing.T) {
	f, _ := os.ReadFile("/work/shared/data/processbench/math.dev.jsonl")
	rows := map[string][]string{}
	probs := map[string]string{}
	for _, l := range strings.Split(string(f), "\n") {
		var r struct {
			ID, Problem string
			Steps       []string
		}
		json.Unmarshal([]byte(l), &r)
		rows[r.ID], probs[r.ID] = r.Steps, r.Problem
	}
	k := newKnown(probs[os.Getenv("ZZP")])
	fmt.Println("terms", k.terms)
	for i, s := range rows[os.Getenv("ZZS")] {
		var got []string
		for _, w := range words(s) {
			word := strings.TrimSuffix(strings.ToLower(s[w[0]:w[1]]), "s")
			if k.terms[word] {
				got = append(got, word)
			}
		}
		fmt.Println(i, got)
	}
}
