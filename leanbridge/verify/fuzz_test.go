package verify

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/leanprm/leanprm/leanbridge/syntax"
)

// lexSeeds are the suite proofs plus constructs that are easy to get wrong.
func lexSeeds(f *testing.F) {
	for _, file := range []string{"cheating.jsonl", "honest.jsonl"} {
		b, err := os.ReadFile(filepath.Join(suiteDir, file))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(b), "\n") {
			var r suiteRow
			if json.Unmarshal([]byte(line), &r) == nil {
				f.Add(r.Proof)
			}
		}
	}
	for _, s := range []string{
		"", "-", "/", "/-", "-/", "/--/", "/-/-/", "/- /- -/", "--", "\"", "'", "''", "'''", "«", "»",
		"r", "r#", "r#\"", "r\"\"", "s!\"{", "s!\"{}\"", "\"{\"}\"", "`", "``", "#", "#[", "0x", "1e",
		"h.1.2", "a.«b».c", "x'' y'", "\\", "\"\\u12\"", "\"\\\n  x\"", "'\\x4'", "s!\"\\{\"",
		"theorem t : True := by\n  /- ok -/ trivial", "\u202e", "\x00", "\xff", "so\u200brry",
	} {
		f.Add(s)
	}
}

const fuzzStatement = "theorem t1 (a b : Nat) (h : a = 2 * b) (hb : b = 3) : a = 6"

// FuzzInjectedSorry checks that no context the lexer accepts can make a live sorry invisible:
// when a text lexes cleanly, inserting " sorry " at the start or after any token yields text
// that the static checker rejects, either as sorry (a live token) or for a lexical problem.
// (The lexer's own invariants are syntax's FuzzLex.)
func FuzzInjectedSorry(f *testing.F) {
	lexSeeds(f)
	st, err := ParseStatement(fuzzStatement)
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, src string) {
		lx := syntax.Lex(src)
		if !lx.OK() {
			return
		}

		points := []int{0}
		for _, tok := range lx.Tokens {
			points = append(points, tok.End)
		}
		if len(points) > 12 { // keep each input cheap: a spread of insertion points
			step := len(points) / 12
			var some []int
			for i := 0; i < len(points); i += step {
				some = append(some, points[i])
			}
			points = append(some, points[len(points)-1])
		}
		for _, p := range points {
			injected := src[:p] + " sorry " + src[p:]
			ilx := syntax.Lex(injected)
			asModule := false // `import sorry` names a module; the import check owns that case
			live := false
			for i, tok := range ilx.Tokens {
				if tok.Off == p+1 && slices.Equal(tok.Name, []string{"sorry"}) && tok.Kind == syntax.Ident {
					live = true
					asModule = i > 0 && ilx.Tokens[i-1].IsWord("import")
				}
			}
			if ilx.OK() {
				require.True(t, live, "sorry inserted at byte %d is not a live token: %q", p, injected)
			}
			rep := CheckStatic(st, injected, []string{"Init"})
			codes := codesOf(rep.Reasons)
			caught := slices.Contains(codes, CodeSorry) || slices.ContainsFunc(codes, isLexical) ||
				(asModule && slices.Contains(codes, CodeImport))
			require.True(t, caught, "live sorry inserted at byte %d not caught: %q → %v", p, injected, rep.Reasons)
		}
	})
}

func isLexical(c Code) bool {
	switch c {
	case CodeLexError, CodeInvalidUTF8, CodeNULByte, CodeBidiControl, CodeInvisibleChar:
		return true
	}
	return false
}

// FuzzCheckStatic: any candidate, any statement: no panic, and a candidate with no reasons has
// a command ending in the axioms line.
func FuzzCheckStatic(f *testing.F) {
	lexSeeds(f)
	// The adversarial corpus (issue 23): configurations, scopes, evaluators.
	for _, name := range []string{"cheats.jsonl", "honest.jsonl"} {
		b, err := os.ReadFile(filepath.Join("testdata", "adversarial", name))
		require.NoError(f, err)
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			var r struct{ Proof string }
			require.NoError(f, json.Unmarshal([]byte(line), &r))
			f.Add(r.Proof)
		}
	}
	f.Fuzz(func(t *testing.T, proof string) {
		for _, statement := range []string{fuzzStatement, "open Nat\ntheorem s (n : Nat) : 0 < succ n := by sorry"} {
			st, err := ParseStatement(statement)
			require.NoError(t, err)
			rep := CheckStatic(st, proof, []string{"Init"})
			if rep.Accepted() {
				lines := strings.Split(strings.TrimSuffix(rep.Cmd, "\n"), "\n")
				const msg = "accepted, but the command does not end with the axioms line %d and the guard: %q"
				require.Len(t, lines, rep.GuardLine, msg, rep.AxiomsLine, rep.Cmd)
				require.Equal(t, rep.AxiomsLine+1, rep.GuardLine, msg, rep.AxiomsLine, rep.Cmd)
				require.Equal(t, "#print axioms "+st.NameText, lines[rep.AxiomsLine-1], msg, rep.AxiomsLine, rep.Cmd)
				require.Equal(t, GuardCommand(st.NameText), lines[rep.GuardLine-1], msg, rep.AxiomsLine, rep.Cmd)
			}
			_, _ = ParseStatement(proof) // statements are outside input too
		}
	})
}

// FuzzParseAxiomsReport: no panic, and what parses can be printed back and parses the same.
func FuzzParseAxiomsReport(f *testing.F) {
	for _, s := range []string{
		"'t1' depends on axioms: [propext, Classical.choice, Quot.sound]",
		"'t1' does not depend on any axioms", "'x'' depends on axioms: [sorryAx]", "'", "''", "'a' depends on axioms: [",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		name, axioms, ok := ParseAxiomsReport(data)
		if !ok {
			return
		}
		again := "'" + name + "' does not depend on any axioms"
		if len(axioms) > 0 {
			again = "'" + name + "' depends on axioms: [" + strings.Join(axioms, ", ") + "]"
		}
		n2, a2, ok2 := ParseAxiomsReport(again)
		const msg = "%q parsed as (%q, %q) but its reprint %q parses as (%q, %q, %v)"
		require.True(t, ok2, msg, data, name, axioms, again, n2, a2, ok2)
		require.Equal(t, name, n2, msg, data, name, axioms, again, n2, a2, ok2)
		// slices.Equal: nil and empty lists of axioms are the same report
		require.True(t, slices.Equal(a2, axioms), msg, data, name, axioms, again, n2, a2, ok2)
	})
}

// FuzzParseRow: batch rows are outside input; no panic, and an accepted row has what Check needs.
func FuzzParseRow(f *testing.F) {
	for _, s := range []string{`{"id":"a","statement":"theorem t : True","proof":""}`, `{"id":1}`, `[]`, `{"id":"x","statement":"s","proof":"p","imports":"Mathlib"}`, `{"id":"x","statement":"s","proof":"p","header":"import"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		in, err := parseRow([]byte(line))
		id, _ := rowID([]byte(line))
		require.Equal(t, id, in.ID, "the row's id is not the one read first: %q", line)
		if err != nil {
			return
		}
		require.NotEmpty(t, in.ID, "accepted row without id or statement: %q", line)
		require.NotEmpty(t, strings.TrimSpace(in.Statement), "accepted row without id or statement: %q", line)
		_, err = ParseHeader(in.Header)
		require.NoError(t, err, "accepted row with a header that does not parse: %q", in.Header)

	})
}
