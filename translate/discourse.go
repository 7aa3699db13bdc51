package translate

import (
	"strings"
	"unicode/utf8"

	"github.com/leanprm/leanprm/translate/internal/discourse"
	"github.com/leanprm/leanprm/translate/internal/mathtext"
)

// assertedOnly applies the discourse stage's reading of a step to the
// obligations its readers made: only claims the text asserts are decided.
// A condition (a rule's domain), one branch of a case split, a claim about
// a name the sentence puts a condition on, a claimed solution that is a
// case head or lies in another case than its equation, and a claim whose
// two sides are written the same are left alone with the reason; a claim
// the text says fails ("… This does not hold.") is decided as that
// negation when it is the one closed claim of its sentence, and left
// undecided otherwise.
func assertedOnly(sr *StepResult, dr *discourse.Reading) {
	if dr == nil || len(sr.Obligations) == 0 {
		return
	}
	kept := sr.Obligations[:0]
	var low string // the step lower-cased, made at the first claim that reads it
	for _, o := range sr.Obligations {
		if why := unasserted(&o, dr, sr.Text, &low); why != "" || cutAcrossMath(sr.Text, o.Span.Start, o.Span.End) {
			if why == "" {
				why = "the expression goes on past the math it is written in: the claim is cut"
			}
			sr.Skipped = append(sr.Skipped, Skipped{Span: o.Span, Reason: why})
			continue
		}
		kept = append(kept, o)
	}
	sr.Obligations = kept
	// Stated outcomes: count the claims of each sentence that says its test fails.
	perSentence := map[int]int{}
	for _, o := range sr.Obligations {
		if out, _ := dr.Outcome(o.Span.Start); out == discourse.Fails {
			perSentence[dr.Sentence(o.Span.Start)]++
		}
	}
	for i := range sr.Obligations {
		o := &sr.Obligations[i]
		out, word := dr.Outcome(o.Span.Start)
		if out != discourse.Fails || statesFailure(o) {
			continue
		}
		if perSentence[dr.Sentence(o.Span.Start)] == 1 && negatable(o) {
			negate(o, word)
			continue
		}
		o.OnProof, o.OnDisproof = Unknown, Unknown
		o.Note = joinNote("the text says a claim of the sentence fails (\""+word+"\"), and which one it means is unclear", o.Note)
	}
}

// boundName reports an obligation decided with a value bound to a name
// earlier in the chain.
func boundName(o *Obligation) bool {
	for _, h := range o.Hypotheses {
		if h.Name != "" {
			return true
		}
	}
	return false
}

// conclusionCues before a claim in its sentence state it as a conclusion
// or a premise the text holds ("so b > 5", "since b > 5", "we get").
var conclusionCues = mathtext.Set("so", "thus", "hence", "therefore", "then", "get", "gets", "gives", "give",
	"obtain", "have", "has", "find", "conclude", "means", "implies", "follows", "shows", "yields", "since",
	"because", "clearly", "indeed")

// requirementWords before an equation in a bound name in its sentence
// make it a requirement or a condition on the name ("We need 2b + 1 =
// 11", "Any b with 2b + 1 = 11 works"), not a claim about the value bound.
var requirementWords = mathtext.Set("need", "needs", "require", "requires", "required", "condition", "conditions",
	"want", "wants", "goal", "must", "any", "every", "all", "constraint", "constraints", "target", "part")

// maxSentence bounds how far past a claim its sentence's end is looked for.
const maxSentence = 400

// sentenceEndAfter is the end of the sentence holding text[:e]: the next
// line break, or ".", "!", "?" before a blank or the end, within
// maxSentence bytes.
func sentenceEndAfter(text string, e int) int {
	for i := e; i < len(text) && i < e+maxSentence; i++ {
		c := text[i]
		if c == '\n' || (c == '.' || c == '!' || c == '?') && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n') {
			return i
		}
	}
	return min(len(text), e+maxSentence)
}

// valueHedges before a value in its sentence hedge it or set it apart
// from the equation before ("a student might get x = 6", "for the second
// part, x = 6", "initially x = 6").
var valueHedges = mathtext.Set("might", "could", "would", "perhaps", "maybe", "part", "initially",
	"originally", "previously", "earlier", "student", "someone")

// restartMarks open a new attempt or a new part of the problem: a value
// after one, with no "=" between, is not claimed for an equation before it.
var restartMarks = []string{"start over", "starting over", "start again", "restart", "from scratch",
	"new problem", "next problem", "(b)", "(c)", "(d)", "(ii)", "(iii)", "(iv)"}

// restartBefore is the last restart mark in text[:at] with no "=" after
// it before at, or "".
func restartBefore(text string, at int) string {
	if at > len(text) {
		return ""
	}
	head := text[:at]
	eq := strings.LastIndexByte(head, '=')
	low := mathtext.ASCIILower(head[eq+1:])
	for _, m := range restartMarks {
		if strings.Contains(low, m) {
			return m
		}
	}
	return ""
}

// concluded reports a conclusion cue in text[s:at], the sentence up to a
// claim: an inequality in a bound name without one ("We need b > 5",
// "In the region b > 5", "Any b > 5 works") is a condition, a region or a
// goal, not a claim about the value bound.
func concluded(text string, s, at int) bool {
	return firstWordIn(text, s, at, conclusionCues) != ""
}

// firstWordIn is the first word of text[s:at] in set, or ""; a word right
// after "to" does not count ("to have b > 5", "to get": a goal).
func firstWordIn(text string, s, at int, set map[string]bool) string {
	if s < 0 || at > len(text) || s >= at {
		return ""
	}
	low := mathtext.ASCIILower(text[s:at])
	i, prev := 0, ""
	for i < len(low) {
		for i < len(low) && !mathtext.IsWordByte(low[i]) {
			i++
		}
		j := i
		for j < len(low) && mathtext.IsWordByte(low[j]) {
			j++
		}
		if w := low[i:j]; j > i && set[w] && prev != "to" {
			return w
		}
		i, prev = j, low[i:j]
	}
	return ""
}

// cutAcrossMath reports a claim at text[s:e] that ends where its math
// closes with an operator and more math or a number right after it
// ("\((2u+v)^2 = 4u^2 + 2uv + v^2\) + \(2uv\) = …"), or that starts
// where its math opens after them: the expression written is longer than
// the claim read.
func cutAcrossMath(text string, s, e int) bool {
	if s < 0 || e > len(text) || s >= e {
		return false
	}
	closers, openers := []string{`\)`, `\]`, "$"}, []string{`\(`, `\[`, "$"}
	// After the claim: spaces, a closing delimiter, spaces, an operator, spaces, then an opener or a digit.
	j := skipSpaces(text, e)
	k := afterAny(text, j, closers)
	if k > j {
		k = skipSpaces(text, k)
		if k < len(text) && strings.IndexByte("+-*/^", text[k]) >= 0 || strings.HasPrefix(text[k:], "×") || strings.HasPrefix(text[k:], "÷") {
			_, n := utf8.DecodeRuneInString(text[k:])
			m := skipSpaces(text, k+n)
			if afterAny(text, m, openers) > m || m < len(text) && mathtext.IsDigit(text[m]) {
				return true
			}
		}
	}
	// Before the claim: an opening delimiter right before it, and an operator after more math or a number.
	i := s
	for i > 0 && text[i-1] == ' ' {
		i--
	}
	b := beforeAny(text, i, openers)
	if b == i {
		return false
	}
	for b > 0 && text[b-1] == ' ' {
		b--
	}
	if b == 0 || strings.IndexByte("+-*/^", text[b-1]) < 0 {
		return false
	}
	b--
	for b > 0 && text[b-1] == ' ' {
		b--
	}
	return beforeAny(text, b, closers) < b || b > 0 && mathtext.IsDigit(text[b-1])
}

// skipSpaces is the first byte at or after i that is no space.
func skipSpaces(text string, i int) int {
	for i < len(text) && text[i] == ' ' {
		i++
	}
	return i
}

// afterAny is the end of the first of marks at text[i:], or i.
func afterAny(text string, i int, marks []string) int {
	for _, m := range marks {
		if strings.HasPrefix(text[i:], m) {
			return i + len(m)
		}
	}
	return i
}

// beforeAny is the start of the first of marks ending at text[:i], or i.
func beforeAny(text string, i int, marks []string) int {
	for _, m := range marks {
		if strings.HasSuffix(text[:i], m) {
			return i - len(m)
		}
	}
	return i
}

// statesFailure reports a claim whose relation is ≠: "0^2 - 0 + 3 ≠ 2,
// so the case fails" states the failure itself, and is claimed as written.
func statesFailure(o *Obligation) bool {
	return o.Kind == KindInequality && strings.Count(o.Expr, " ≠ ") == 1 && !strings.ContainsAny(o.Expr, "<>≤≥")
}

// unasserted is why the text does not assert o, or "". *low is the text
// lower-cased (ASCII), made at its first use and kept for the step's next claims.
func unasserted(o *Obligation, dr *discourse.Reading, text string, low *string) string {
	mod, word := dr.At(o.Span.Start)
	switch {
	case mod == discourse.Condition:
		return "a condition (\"" + word + "\"): the domain of a rule or a range, not a claim about the values in scope"
	case mod == discourse.Operand:
		return "the first side is an operand of \"" + word + "\" before it, not a side of its own"
	case mod == discourse.Alternative && o.Kind != KindSolution:
		return "one branch of a case split (\"" + word + "\"): not claimed on its own"
	}
	if dr.Struck(o.Span.Start, o.Span.End) {
		return "the text strikes the claim out"
	}
	if w := dr.UnmetIn(o.Span.Start, o.Span.End); w != "" {
		return "the text says a condition there is not met (\"" + w + "\"): it claims the relations fail, not that this one holds"
	}
	for _, h := range o.Hypotheses {
		if h.Name != "" && dr.Conditioned(o.Span.Start, h.Name) {
			return "the sentence puts a condition on " + h.Name + ": it speaks of every such value, not of the one bound earlier"
		}
	}
	if o.Kind == KindSolution && o.Span.End > o.Span.Start {
		if dr.InHead(o.Span.End - 1) {
			return "the value is a case under consideration (\"for x = …:\"), not a claimed solution"
		}
		if dr.Scope(o.Span.Start) != dr.Scope(o.Span.End-1) {
			return "the equation and the value belong to different cases"
		}
		if strings.Count(text[o.Span.Start:o.Span.End], "=") == 1 {
			// The value alone: its equation came before, in an earlier sentence or step.
			if w := firstWordIn(text, dr.SentenceStart(o.Span.Start), o.Span.Start, valueHedges); w != "" {
				return "the value is hedged or set apart (\"" + w + "\"), not a solution claimed for the equation before"
			}
			if w := restartBefore(text, o.Span.Start); w != "" {
				return "the step starts over or opens a new part (\"" + w + "\") after the equation: the value is not claimed for it"
			}
		}
		// A value in a sentence of its own after the equation's: a trial there is the value's.
		if w := dr.Tentative(o.Span.End - 1); w != "" && o.OnDisproof == Refuted && dr.Sentence(o.Span.Start) != dr.Sentence(o.Span.End-1) {
			return "the value is a trial or a comparison (\"" + w + "\"), not a solution claimed for the equation"
		}
	}
	if o.Kind == KindInequality && boundName(o) && !concluded(text, dr.SentenceStart(o.Span.Start), o.Span.Start) {
		return "an inequality in a name bound earlier, not stated as a conclusion: a condition, a region or a goal (\"we need b > 5\")"
	}
	if o.Kind == KindEquality && boundName(o) {
		if w := firstWordIn(text, dr.SentenceStart(o.Span.Start), o.Span.Start, requirementWords); w != "" {
			return "an equation in a name bound earlier, stated as a requirement (\"" + w + "\"), not of the value bound"
		}
	}
	if tautology(o) {
		return "both sides are written the same: the claim says nothing the step could get wrong"
	}
	if o.OnDisproof == Refuted || o.OnProof == Refuted {
		if s := dr.SentenceStart(o.Span.Start); s >= 0 && s <= o.Span.Start {
			s = max(s, o.Span.Start-maxSentence) // a bounded window: linear in the step
			e := sentenceEndAfter(text, o.Span.End)
			if *low == "" {
				*low = mathtext.ASCIILower(text) // byte for byte: its [s:e] is text[s:e] lower-cased
			}
			if w := mathtext.Unclaimed((*low)[s:e], o.Span.Start-s); w != "" {
				return "the sentence hedges the claim, makes it a requirement or reports it from earlier (\"" + w + "\")"
			}
		}
		if w := mathtext.ResidueRing(text); w != "" {
			return "the step works in a ring of residues (\"" + w + "\"): \"=\" may stand for \"≡\""
		}
	}
	if out, _ := dr.Outcome(o.Span.Start); out == discourse.NoOutcome && dr.Question(o.Span.Start) {
		return "the sentence asks a question: what it states is asked, not claimed"
	}
	return ""
}

// tautology reports a claim whose normalised sides are identical ("ab + 1
// = ab + 1"), or an implication whose premise is its conclusion: an
// equation restated from the step before ("… = 2x^2 - 1. Combine like
// terms: \(-x^2 - x + 1 = 2x^2 - 1\) simplifies to …") follows from
// itself, whatever the step gets wrong.
func tautology(o *Obligation) bool {
	sep := " = "
	switch o.Kind {
	case KindEquality, KindIdentity, KindClosedValue:
	case KindImplication:
		sep = " ⇒ "
	default:
		return false
	}
	if strings.Count(o.Expr, sep) != 1 {
		return false
	}
	if o.Kind != KindImplication && strings.Contains(o.Note, "is replaced by its definition or value") {
		// "a_4 = 31" with the problem's a_4 computed: the text's sides differ
		return false
	}
	l, r, _ := strings.Cut(o.Expr, sep)
	return l == r
}

// negatable reports a closed claim whose proof means it holds as written,
// so that the claim that it fails can be decided from the same two lines.
func negatable(o *Obligation) bool {
	switch o.Kind {
	case KindEquality, KindInequality, KindClosedValue, KindCongruence:
	default:
		return false
	}
	return len(o.Hypotheses) == 0 && (o.OnProof == Verified || o.OnProof == Refuted)
}

// negate turns o into the claim that it fails: a proof of P refutes it, a
// proof of ¬(P) verifies it when a disproof of P meant P is false as
// written (otherwise it stays unknown).
func negate(o *Obligation, word string) {
	o.Expr = "not (" + o.Expr + ")"
	said := "the text says this fails (\"" + word + "\")"
	flip := func(v Verdict) Verdict {
		switch v {
		case Verified:
			return Refuted
		case Refuted:
			return Verified
		}
		return Unknown
	}
	disproof := flip(o.OnDisproof)
	o.OnProof, o.OnDisproof = flip(o.OnProof), disproof
	o.WhyProof, o.WhyDisproof = said+": "+o.WhyProof, said+": "+o.WhyDisproof
	note := ""
	if disproof == Unknown {
		note = said + "; a disproof of the claim as written would not show that it fails"
	}
	o.Note = joinNote(note, o.Note)
}

// joinNote puts a note before the obligation's own.
func joinNote(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// failureDoubt is the doubt on a run's claims, doubt as read before, for
// a run whose one relation is ≠: "0^2 - 0 + 2 ≠ 2. This case doesn't
// work." states a failure, and the next sentence's rejection of a case is
// its consequence, not a rejection of the claim (mathtext.FailureDoubtAt).
// Any other doubt stays.
func failureDoubt(sc *mathtext.Scan, r mathtext.Run, rels []string, doubt string) string {
	if len(rels) != 1 || rels[0] != "≠" || doubt == "" || doubt != sc.ComputationDoubtAt(r.Sentence, r.S) {
		return doubt
	}
	return sc.FailureDoubtAt(r.Sentence, r.S)
}
