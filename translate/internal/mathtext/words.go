package mathtext

import "strings"

// Word lists. Each list exists for one rule; the rule is named at the
// list. All entries are lower case.

func Set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// Kinds maps each word of sets[i] (a word set as Set makes it) to the bits 1<<i of the sets it
// is in: one look-up per word for a reader that asks about several sets.
func Kinds(sets ...map[string]bool) *KindMap {
	k := &KindMap{m: map[string]uint8{}}
	for i, set := range sets {
		for w, in := range set {
			if in {
				k.m[w] |= 1 << i
				h := shapeBit(w)
				k.shapes[h>>6] |= 1 << (h & 63)
			}
		}
	}
	return k
}

// KindMap is what Kinds makes: the words' bits, and a filter of their
// shapes (length, first and last byte) that answers most words of a text,
// which are in no set, without hashing them.
type KindMap struct {
	m      map[string]uint8
	shapes [64]uint64
}

// Get returns the bits of the sets w is in, 0 for none.
func (k *KindMap) Get(w string) uint8 {
	if h := shapeBit(w); k.shapes[h>>6]&(1<<(h&63)) == 0 {
		return 0 // no word of the sets has w's shape
	}
	return k.m[w]
}

// shapeBit is the bit of w's length, first and last byte in 4096.
func shapeBit(w string) uint {
	if w == "" {
		return 0
	}
	return (uint(len(w))*131 + uint(w[0])*31 + uint(w[len(w)-1])) & 4095
}

// Modifiers change the value of the number right before them ("12
// thousand", "50 percent", "17 R 9", "3 to 5"): that number is not the
// value a checker would see.
var Modifiers = Set("percent", "percentage", "per-cent", "hundred", "hundreds", "thousand", "thousands",
	"million", "millions", "billion", "billions", "trillion", "trillions", "dozen", "dozens",
	"score", "squared", "cubed", "times", "remainder", "r", "rem", "mod", "modulo", "factorial",
	"to", "or", "out", "of", "point", "k", "m", "bn", "lakh", "crore", "x", "fold", "th", "st", "nd", "rd")

// ordinalWords before a noun make a label of it ("first day", "last
// week"): a day, not a unit of days.
var ordinalWords = Set("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
	"tenth", "last", "next", "previous", "final", "1st", "2nd", "3rd", "4th", "5th")

// SuffixOps after a number go on computing with it ("4 plus 1", "6 pi",
// "8 divided by 2", "9 squared", "0.3 recurring"): the number alone is
// not the value the step states.
var SuffixOps = Set("plus", "minus", "divided", "multiplied", "sqrt", "root", "roots", "pi", "squared",
	"cubed", "recurring", "repeating", "repeated", "factorial", "radians", "rad")

// OpWords before an expression make it an operand of something the
// reader cannot see ("half of 6 + 4 = 7", "subtract 5 from 12 = 7").
var OpWords = Set("half", "twice", "double", "triple", "thrice", "quadruple", "times", "minus", "plus",
	"less", "more", "fewer", "than", "over", "from", "into", "per", "sqrt", "root", "log", "ln",
	"sin", "cos", "tan", "cot", "sec", "csc", "exp", "square", "cube", "negative", "squared", "cubed",
	"divided", "multiplied", "subtract", "subtracting", "add", "adding", "inverse", "reciprocal",
	"factorial", "mod", "modulo", "gcd", "lcm", "max", "min", "floor", "ceil", "ceiling", "abs",
	"quarter", "third", "fifth", "tenth", "percent", "percentage", "opposite", "difference", "between",
	"dividing", "multiplying", "remainder", "quotient", "product", "choose", "permute")

// VerbWords make a following "to" or "by" an operator ("add 5 to 3 + 4",
// "divide 12 by 3 + 1"); without one, "amounts to" and "increase by" are
// plain prose.
var VerbWords = Set("add", "adds", "added", "adding", "divide", "divides", "divided", "dividing",
	"multiply", "multiplies", "multiplied", "multiplying", "subtract", "subtracts", "subtracted",
	"subtracting", "raise", "raised", "raising", "times", "increase", "increased", "decrease",
	"decreased", "reduce", "reduced")

// FractionWords before "of" make "of" a multiplication whose left factor
// is not written as a number in the run ("half of 10 + 4 = 9").
var FractionWords = Set("half", "halves", "third", "thirds", "quarter", "quarters", "fourth", "fourths",
	"fifth", "fifths", "sixth", "sixths", "seventh", "sevenths", "eighth", "eighths", "ninth", "ninths",
	"tenth", "tenths", "twice", "double", "triple", "times", "percent", "percentage", "fraction",
	"square", "cube", "root", "multiple", "product", "quotient", "power", "ratio", "reciprocal",
	"log", "logarithm", "factorial", "sqrt", "portion", "part", "proportion")

// NotUnits are words that never form a unit phrase after a number.
var NotUnits = Set("a", "an", "the", "and", "or", "but", "of", "to", "in", "on", "at", "for", "from",
	"by", "with", "without", "into", "onto", "over", "under", "than", "as", "is", "are", "was", "were",
	"be", "been", "being", "am", "so", "then", "thus", "hence", "therefore", "which", "that", "this",
	"these", "those", "it", "its", "he", "she", "they", "we", "you", "i", "me", "him", "her", "them",
	"us", "his", "their", "our", "my", "your", "each", "every", "per", "more", "less", "fewer",
	"total", "altogether", "left", "remaining", "now", "also", "only", "just", "all", "both", "not",
	"no", "if", "when", "while", "after", "before", "since", "because", "will", "would", "can",
	"could", "should", "has", "have", "had", "do", "does", "did", "there", "here", "what", "how",
	"many", "much", "plus", "minus", "divided", "multiplied", "equals", "equal", "gives", "yields",
	"leaves", "where", "who", "whose", "whom", "about", "around", "approximately", "roughly",
	"nearly", "almost", "exactly", "about", "same", "other", "another", "respectively", "x", "y", "z",
	"n", "means", "e", "ie", "eg", "etc")

// Convertible units can hide a conversion: "1 hour = 60" and
// "2 × 30 = 1 hour" are true in minutes.
var Convertible = Set("second", "sec", "s", "minute", "min", "mins", "hour", "hr", "hrs", "h", "day",
	"week", "month", "year", "yr", "decade", "century", "foot", "ft", "inch", "in", "yard", "yd",
	"mile", "mi", "meter", "metre", "m", "cm", "mm", "km", "centimeter", "centimetre", "millimeter",
	"millimetre", "kilometer", "kilometre", "gram", "g", "kg", "kilogram", "mg", "milligram", "pound",
	"lb", "lbs", "ounce", "oz", "ton", "tonne", "liter", "litre", "l", "ml", "milliliter", "millilitre",
	"gallon", "gal", "quart", "qt", "pint", "pt", "cup", "tablespoon", "teaspoon", "tbsp", "tsp", "cent",
	"penny", "nickel", "dime", "quarter", "degree", "radian", "acre", "hectare", "byte", "kb", "mb",
	"gb", "tb", "bit", "dozen", "gross", "pair", "mph", "kph", "kmh", "square", "cubic", "sq",
	"fortnight", "millennium", "nanosecond", "millisecond", "microsecond", "kilobyte", "megabyte",
	"gigabyte", "terabyte", "stone", "carat", "fluid", "fl", "bushel", "peck", "barrel", "league",
	"knot", "celsius", "fahrenheit", "kelvin", "calorie", "kcal", "joule", "watt", "kwh")

// DoubtWords in a sentence mean its claims may be stated in order to be
// rejected ("2 + 2 = 5 is wrong", "then 1 = 0, a contradiction"): a
// claim there can be verified but never refuted.
var DoubtWords = Set("binary", "octal", "hexadecimal", "ternary", // a numeral in another base: "19 = 10011 in binary"
	"not", "no", "never", "false", "incorrect", "incorrectly", "wrong", "wrongly",
	"mistake", "mistakes", "mistaken", "mistakenly", "error", "errors", "erroneous", "instead",
	"rather", "wait", "oops", "hmm", "contradiction", "contradicts", "contradictory", "impossible",
	"cannot", "can't", "isn't", "aren't", "wasn't", "weren't", "doesn't", "don't", "didn't", "won't",
	"shouldn't", "wouldn't", "couldn't", "neither", "nor", "unless", "suppose", "supposing",
	"assume", "assuming", "assumed", "hypothetically", "typo", "misread", "miscalculated",
	"miscalculation", "recheck", "recalculate", "reconsider", "correction", "corrected", "actually",
	"invalid", "absurd", "untrue", "however", "but", "should", "supposed", "if", "were", "isn’t",
	"doesn’t", "don’t", "can’t", "wasn’t", "aren’t", "didn’t", "whereas", "otherwise", "discrepancy",
	"inconsistent", "inconsistency", "check", "checking", "verify", "verifying", "revisit", "re-evaluate",
	"recompute", "redo", "correct", "approximately", "about", "roughly", "around", "nearly", "almost",
	"estimate", "estimated", "approx", "rounded", "rounding", "round", "rounds", "nearest", "plug", "plugging",
	"plugged", "substitute", "substituting", "substituted", "test", "testing", "try", "trying",
	"equation", "equations", "becomes", "become", "misprint", "thinks", "believes", "believe", "believed",
	"claims", "claimed", "supposedly", "allegedly", "reportedly", "correcting", "fixes")

// trialWords are the doubt words of testing a candidate, and "equation"
// (an equation set up from numbers is a claim): they hedge the claims of
// symbolic readings, not closed computations (computationDoubt).
var trialWords = Set("test", "testing", "try", "trying", "check", "checking", "verify", "verifying",
	"plug", "plugging", "plugged", "substitute", "substituting", "substituted", "correct", "equation", "equations")

// StrongDoubt in the sentence after a claim rejects it ("3/2 = 1/3.
// This is not true.").
var StrongDoubt = Set("not", "false", "incorrect", "incorrectly", "wrong", "mistake", "mistaken",
	"mistakenly", "error", "contradiction", "contradicts", "impossible", "absurd", "untrue", "invalid",
	"isn't", "doesn't", "cannot", "can't", "wait", "oops", "actually", "typo", "recheck", "recalculate",
	"correction", "discrepancy", "inconsistent", "isn’t", "doesn’t", "can’t", "redo", "misprint")

// ModularWords put a chain in modular arithmetic, where "=" often
// stands for "≡" ("4^4 = 256 = 6").
var ModularWords = Set("mod", "modulo", "modulus", "congruent", "congruence", "congruences", "residue",
	"residues", "carry", "carries", "carrying", "borrow", "borrowing")

// HypotheticalWords in a sentence mean a binding there is not a fact of
// the chain ("if x = 3", "for x = 1, 2, 3", "x = 5 or x = -3").
var HypotheticalWords = Set("if", "suppose", "supposing", "assume", "assuming", "when", "whenever",
	"case", "cases", "or", "either", "for", "try", "trying", "test", "testing", "check", "checking",
	"plug", "plugging", "plugged", "substitute", "substituting", "substitution", "substituted", "put",
	"putting", "solutions", "solution", "roots", "root", "possible", "possibly", "could", "would",
	"might", "whether", "satisfy", "satisfies", "example", "say", "guess", "verify", "verifying",
	"such", "any", "each", "every", "some", "not", "no", "never", "isn't", "cannot", "can't", "let's",
	"consider", "considering", "evaluate", "evaluating", "until", "least", "most", "between", "unless",
	"otherwise", "instead")

// IntroWords after a name introduce it afresh ("let x be", "x denotes").
var IntroWords = Set("be", "denote", "denotes", "represent", "represents", "stand", "stands", "is",
	"are", "was", "equal", "equals", "as")

// Singular is the singular of a unit word, as units are compared ("meters" → "meter").
func Singular(w string) string { return singular(w) }

// singular maps a plural unit word to its singular, with a few
// irregular words. It is a lookup aid only: unit names are compared
// after it.
func singular(w string) string {
	switch w {
	case "feet":
		return "foot"
	case "people":
		return "person"
	case "children":
		return "child"
	case "men":
		return "man"
	case "women":
		return "woman"
	case "teeth":
		return "tooth"
	case "mice":
		return "mouse"
	case "geese":
		return "goose"
	case "pennies":
		return "penny"
	case "dollars", "dollar", "usd", "bucks", "buck":
		return "$"
	case "cents":
		return "cent"
	case "degrees":
		return "degree"
	}
	if len(w) > 4 && strings.HasSuffix(w, "ies") {
		return w[:len(w)-3] + "y"
	}
	for _, suf := range []string{"ches", "shes", "sses", "xes", "zes"} {
		if len(w) > len(suf)+1 && strings.HasSuffix(w, suf) {
			return w[:len(w)-2]
		}
	}
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") {
		return w[:len(w)-1]
	}
	return w
}

// exactWords in a step take away the rounding reading of its decimals:
// "1/3 is exactly 0.33" claims an exact value, so it is never
// Approximate. They do not make a refutation stronger either (the word
// may qualify another number of the step): such a claim is unknown.
var exactWords = Set("exactly", "exact", "precisely")

// ExactWord is the first word of the step that asks for an exact value,
// or "".
func (sc *Scan) ExactWord() string {
	for i := range sc.Toks {
		if t := &sc.Toks[i]; t.K == TWord && exactWords[t.Text] {
			return t.Text
		}
	}
	return ""
}

// The sets a word of a step is looked up in while its sentences are read
// (BuildRuns), as bits of wordKinds.
const (
	kindDoubt uint8 = 1 << iota
	kindHedge
	kindTrial
	kindStrong
	kindModular
	kindHypothetical
)

// wordKinds holds, for each word of DoubtWords, hedgeWords, trialWords,
// StrongDoubt, ModularWords and HypotheticalWords, the bits of the sets
// it is in: one look-up per word instead of one per set.
var wordKinds = Kinds(DoubtWords, hedgeWords, trialWords, StrongDoubt, ModularWords, HypotheticalWords)
