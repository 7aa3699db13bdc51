package chain_test

import (
	"fmt"
	"strings"

	"github.com/leanprm/leanprm/hybrid/chain"
)

// ExampleDecode reads two ProcessBench rows, one of them broken: the good
// row is returned, the bad one is a RowError naming its line.
func ExampleDecode() {
	in := `{"id": "gsm8k-1", "problem": "What is 2 + 3 + 4?", "steps": ["2 + 3 = 5.", "5 + 4 = 10."], "label": 1}
{"id": "gsm8k-2", "problem": "What is 1 + 1?", "steps": "1 + 1 = 2."}
`
	chains, rowErrs, err := chain.Decode(strings.NewReader(in), "dev.jsonl", chain.FormatAuto)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range chains {
		fmt.Println(c.ID, c.Subset, c.FirstError)
		for _, s := range c.Steps {
			fmt.Printf("  %-7s %s\n", s.Label, s.Text)
		}
	}
	for _, e := range rowErrs {
		fmt.Println(e)
	}
	// Output:
	// gsm8k-1 gsm8k 1
	//   correct 2 + 3 = 5.
	//   wrong   5 + 4 = 10.
	// dev.jsonl:2: field "steps": want a list of strings, got a string
}

// ExampleDecode_markdown reads Markdown: the problem, then one step per
// "Step N:" marker.
func ExampleDecode_markdown() {
	in := "Problem: Natalia sold 48 clips in April and half as many in May. How many in all?\n\n" +
		"Step 1: In May she sold 48 / 2 = 24 clips.\n" +
		"Step 2: In all she sold 48 + 24 = 72 clips.\n"
	chains, _, err := chain.Decode(strings.NewReader(in), "natalia.md", chain.FormatAuto)
	if err != nil {
		fmt.Println(err)
		return
	}
	c := chains[0]
	fmt.Println(c.Problem)
	fmt.Printf("%q\n", c.Texts())
	// Output:
	// Natalia sold 48 clips in April and half as many in May. How many in all?
	// ["In May she sold 48 / 2 = 24 clips." "In all she sold 48 + 24 = 72 clips."]
}
