package proofchain_test

import (
	"fmt"

	"github.com/leanprm/leanprm/leanbridge/proofchain"
)

// A Lean file's theorem becomes a chain: imports the header, commands before the theorem the
// preamble, its `by` block's top-level tactics the steps (a `;` outside brackets splits too).
func ExampleFromSource() {
	ch, err := proofchain.FromSource(`import LeanPRM
open Nat

theorem t (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6 := by
  subst hb; subst h
  rfl
`, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("header %q\npreamble %q\nstatement %q\nsteps %q\n", ch.Header, ch.Preamble, ch.Statement, ch.Steps)
	fmt.Print(proofchain.ProofText(ch))
	// Output:
	// header "import LeanPRM"
	// preamble "open Nat"
	// statement "theorem t (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6"
	// steps ["subst hb" "subst h" "rfl"]
	// open Nat
	//
	// theorem t (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6 := by
	//   subst hb
	//   subst h
	//   rfl
}
