package discourse

import (
	"strings"

	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// Case heads and the scopes they open: "For r = -1:", "- k = 2:", "Try n
// = 4:", "Case 2:", "Option B:", at the start of a line, a sentence, a
// bullet, a list label or a display; and in mid-sentence after ";", ","
// or a joining word ("…; with y = 4, …", "… and for t = 5 we get …").

// headWords before "name = value:" make it a case head.
var headWords = mathtext.Set("for", "when", "if", "try", "trying", "test", "testing", "check", "checking",
	"with", "at", "case", "subcase", "taking", "setting", "plugging", "put", "putting")

// headEndWords end a head "name = value" as a colon does: what follows
// computes from the value ("x = 2 gives 5", "then", "we get").
var headEndWords = mathtext.Set("then", "we", "gives", "give", "yields", "yield")

// readHeads finds the case heads and the scopes they open.
func (r *Reading) readHeads(text string, toks []mathtext.Tok, kinds []uint8) {
	lineStart := true // at the start of the step, a line, a sentence or after a bullet
	var headLine bool // the current scope was opened by a head on a bulleted or fresh line
	clause := ""      // at the start of a clause: after "," or ";" (its text) or a joining word
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		if !lineStart && clause != "" && r.clauseHead(toks, i, clause == ";") {
			clause = ""
			continue
		}
		clause = ""
		if t.K == mathtext.TSep && t.Text == "clause" && !lineStart {
			clause = text[t.S:t.E]
		}
		if !t.Math && !lineStart && kinds[i]&kindJoin != 0 {
			clause = t.Text
		}
		if t.K == mathtext.TSep {
			switch {
			case t.Text == mathtext.SepMath && t.Src == "open" && (strings.HasPrefix(text[t.S:], `\[`) || strings.HasPrefix(text[t.S:], "$$")):
				lineStart = true // a display starts a line of its own
			case t.Text == mathtext.SepNewline || t.Text == mathtext.SepSentence || t.Text == mathtext.SepQuestion:
				lineStart = true
				blank := t.Text == mathtext.SepNewline && (strings.Count(text[t.S:t.E], "\n") > 1 ||
					i > 0 && toks[i-1].K == mathtext.TSep && toks[i-1].Text == mathtext.SepNewline)
				if blank && len(r.scopes) > 0 && r.scopes[len(r.scopes)-1] != t.S {
					r.scopes = append(r.scopes, t.S) // a blank line ends the case
					headLine = false
				}
			case text[t.S:t.E] == "-" || text[t.S:t.E] == "*":
				lineStart = true
				if headLine {
					r.scopes = append(r.scopes, t.S) // the next bullet ends the case
					headLine = false
				}
			}
			continue
		}
		if !lineStart {
			continue
		}
		if t.K == mathtext.TOp && (t.Text == "*" || t.Text == "+") && !t.Math {
			// "* m = 5: …": a bullet the lexer leaves as an operator.
			if headLine {
				r.scopes = append(r.scopes, t.S)
				headLine = false
			}
			continue
		}
		if n := listLabel(toks, i); n > 0 {
			i += n - 1 // "(a)", "2)": the line's head comes after its label
			continue
		}
		lineStart = false
		// An optional head word ("For", "Case 2:"), then name = value and a colon or comma.
		j := i
		if t.K == mathtext.TWord && caseWords[t.Text] {
			// "Case 2:", "Option B:" open a case of their own, with or without a value after it.
			for j = i + 1; j < len(toks) && j < i+8 && (toks[j].K == mathtext.TNum || letter(toks[j]) || toks[j].K == mathtext.TSep && toks[j].Text != mathtext.SepSentence); j++ {
			}
			e := toks[j-1].E
			if e2, ok := headAt(toks, j, true, true); ok {
				e = e2
			}
			r.heads = append(r.heads, [2]int{t.S, e})
			r.scopes = append(r.scopes, t.S)
			headLine = true
			continue
		}
		word := t.K == mathtext.TWord && headWords[t.Text]
		if word {
			j = i + 1
		} else if t.K == mathtext.TWord && t.Text != "let's" {
			continue
		}
		// After a head word, the line may end the head ("For \(x = 2\)" and a display).
		if e, ok := headAt(toks, j, false, word); ok {
			r.heads = append(r.heads, [2]int{t.S, e})
			r.scopes = append(r.scopes, t.S)
			headLine = true
		}
	}
}

// caseWords open a case of their own with a number or a letter after
// them ("Case 2:", "Option B:", "Scenario 1:").
var caseWords = mathtext.Set("case", "subcase", "option", "scenario", "possibility")

// letter reports a name or a word of one letter: the label of an option.
func letter(t mathtext.Tok) bool {
	return (t.K == mathtext.TVar || t.K == mathtext.TWord) && len(t.Text) == 1
}

// listLabel is the number of tokens of a list label at toks[i] ("(a)",
// "(ii)", "2)", "b)") outside math, or 0.
func listLabel(toks []mathtext.Tok, i int) int {
	short := func(k int) bool {
		return k < len(toks) && !toks[k].Math && (toks[k].K == mathtext.TNum && toks[k].E-toks[k].S <= 2 ||
			(toks[k].K == mathtext.TVar || toks[k].K == mathtext.TWord) && len(toks[k].Text) <= 4)
	}
	closes := func(k int) bool { return k < len(toks) && toks[k].K == mathtext.TClose && !toks[k].Math }
	switch {
	case toks[i].K == mathtext.TOpen && !toks[i].Math && short(i+1) && closes(i+2):
		return 3
	case short(i) && closes(i+1):
		return 2
	}
	return 0
}

// joinWords join a clause to the one before it: a head word after one
// opens a case in mid-sentence ("for x = 2 we get 5 and for x = 3 we get
// 10").
var joinWords = mathtext.Set("and", "while", "whereas", "but")

// clauseHead reads a case head at the start of a clause, toks[i:]: a head
// word and "name = value" ("…; with x = 3, …", "… and for x = 3 we get"),
// or the bare "name = value" and an arrow, or after ";" a colon ("k = 1:
// 2k = 2; k = 2: 2k = 4"). A value there is one under consideration, as
// in a head at the start of a line: it opens its own case.
func (r *Reading) clauseHead(toks []mathtext.Tok, i int, semi bool) bool {
	t := toks[i]
	e, ok := 0, false
	switch {
	case t.K == mathtext.TWord && headWords[t.Text] && t.Text != "case" && t.Text != "subcase":
		e, ok = headAt(toks, i+1, false, false)
	case t.K == mathtext.TVar || t.K == mathtext.TSep && t.Text == mathtext.SepMath:
		e, ok = headAt(toks, i, false, false)
		mark := closedByMark(toks, i, e)
		ok = ok && (mark == "arrow" || mark == "gives" || semi && mark == mathtext.SepColon)
	}
	if !ok {
		return false
	}
	r.heads = append(r.heads, [2]int{t.S, e})
	r.scopes = append(r.scopes, t.S)
	return true
}

// closedByMark is the separator ("colon", "arrow", "clause") that ends
// the head read from toks[i] and ending at e, "gives" before a word that
// computes from the value ("x = 3 gives", "yields"), or "" before another.
func closedByMark(toks []mathtext.Tok, i, e int) string {
	for k := i; k < len(toks) && toks[k].S <= e; k++ {
		switch {
		case toks[k].E == e && toks[k].K == mathtext.TSep:
			return toks[k].Text
		case toks[k].S == e && toks[k].K == mathtext.TWord && givesWords[toks[k].Text]:
			return "gives"
		}
	}
	return ""
}

// givesWords end a head as a colon does in mid-sentence: "…, x = 3 gives 10".
var givesWords = mathtext.Set("gives", "give", "yields", "yield")

// headAt reads "name = value" followed by a colon or a comma (or, after
// "Case 2:", the end of the sentence; with lineEnds, the end of the line),
// an arrow, or a word that computes from the value ("then", "we",
// "gives", "yields") at toks[j:], looking through math delimiters, and
// returns the end of the head.
func headAt(toks []mathtext.Tok, j int, sentenceEnds, lineEnds bool) (int, bool) {
	skip := func() {
		for j < len(toks) && toks[j].K == mathtext.TSep && toks[j].Text == mathtext.SepMath {
			j++
		}
	}
	skip()
	if j >= len(toks) || toks[j].K != mathtext.TVar && !(toks[j].K == mathtext.TWord && len(toks[j].Text) == 1) {
		return 0, false
	}
	j++
	if j >= len(toks) || toks[j].K != mathtext.TRel || toks[j].Text != "=" {
		return 0, false
	}
	j++
	vals := 0
	for ; j < len(toks) && vals < 16; j++ {
		switch toks[j].K {
		case mathtext.TNum, mathtext.TOp, mathtext.TFrac, mathtext.TOpen, mathtext.TClose, mathtext.TSqrt:
			vals++
			continue
		case mathtext.TSep:
			switch toks[j].Text {
			case mathtext.SepMath:
				continue
			case mathtext.SepColon, "clause", "arrow":
				return toks[j].E, vals > 0
			case mathtext.SepSentence, mathtext.SepNewline:
				if sentenceEnds || lineEnds && toks[j].Text == mathtext.SepNewline {
					return toks[j].S, vals > 0
				}
			}
		case mathtext.TWord:
			if headEndWords[toks[j].Text] {
				return toks[j].S, vals > 0
			}
		}
		return 0, false
	}
	return 0, false
}
