package verify_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/leanprm/leanprm/leanbridge/verify"
)

// exampleRunner stands in for the REPL pool in examples: it answers like a Lean that accepts
// the command with the standard axioms, and prints the same elaborated type for the theorem
// with or without the proof around it. It is not Lean, and its Backend says so.
type exampleRunner struct{}

func (exampleRunner) Backend() string { return "sim" }

func (exampleRunner) RunCommand(_ context.Context, _, cmd string) (verify.Reply, error) {
	var rep verify.Reply
	for i, line := range strings.Split(cmd, "\n") {
		if name, ok := strings.CutPrefix(line, "#print axioms "); ok {
			rep.Messages = append(rep.Messages, verify.Message{
				Severity: "info", Line: i + 1, Data: "'" + name + "' depends on axioms: [propext]"})
		}
		if _, name, ok := strings.Cut(line, "#check @_root_."); ok {
			rep.Messages = append(rep.Messages, verify.Message{
				Severity: "info", Line: i + 1, Data: "@" + name + " : (elaborated type)"})
		}
	}
	return rep, nil
}

func ExampleCheck() {
	statement := "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6"
	opts := verify.Options{Runner: exampleRunner{}}

	honest := statement + " := by\n  -- no sorry here\n  subst hb\n  subst h\n  rfl"
	res := verify.Check(context.Background(), statement, honest, opts)
	fmt.Println(res.Status, res.Checker, res.Axioms)

	cheat := statement + " := by\n  /-/- -/ exact sorry -- -/"
	res = verify.Check(context.Background(), statement, cheat, opts)
	fmt.Println(res.Status, res.Reasons[0])
	// Output:
	// verified sim [propext]
	// rejected sorry at 2:16: `sorry`
}

func ExampleRunBatch() {
	input := `{"id": "p1", "statement": "theorem t : 2 + 2 = 4", "proof": "theorem t : 2 + 2 = 4 := by decide"}
{"id": "p2", "statement": "theorem t : 2 + 2 = 4", "proof": "theorem t : 2 + 2 = 4 := by native_decide"}
not json
`
	sum, err := verify.RunBatch(context.Background(), strings.NewReader(input), os.Stdout, verify.BatchOptions{
		Options: verify.Options{Runner: exampleRunner{}},
		Format:  verify.FormatTable,
	})
	fmt.Println("exit", verify.ExitCode(sum, err))
	// Output:
	// ID                        STATUS     CHECKER  REASONS
	// p1                        verified   sim      not kernel-replayed
	// p2                        rejected   -        native_decide: `native_decide` (1:28)
	// (line 3)                  malformed  -        malformed_row: not a JSON object: invalid character 'o' in literal null (expecting 'u')
	//
	// 3 proofs: 1 verified, 0 failed, 1 rejected, 0 errors, 1 malformed
	// checked by: sim
	//   malformed_row              1  malformed input row
	//   native_decide              1  uses native code in the proof (native_decide)
	// exit 3
}
