package gensim

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"os"
	"regexp"
	"strings"
)

// Model is the id the simulator serves and signs every answer with.
const Model = "sim"

// Options configure a Sim. The zero value never slips.
type Options struct {
	// SlipRate is the probability that a generated step with a calculation carries an
	// arithmetic slip: the shorthand for Slips{Arith: SlipRate}.
	SlipRate float64
	// Slips is the probability of each kind of slip per generated step (a step the kind
	// applies to slips with that probability). The rates sum to at most 1; SlipRate is then 0.
	Slips map[Kind]float64
	// Seed is mixed into every draw (with the request's seed, the prompt and the sample index).
	Seed uint64
}

// Sim continues reference solutions. It is safe for concurrent use: after New it only reads.
type Sim struct {
	o        Options
	rates    []float64 // by Kinds
	problems []*Problem
	byHead   map[string][]*Problem // by the first headLen bytes of the question
	short    []*Problem            // questions shorter than headLen
}

const headLen = 40

// New indexes problems.
func New(problems []*Problem, o Options) (*Sim, error) {
	if o.SlipRate < 0 || o.SlipRate > 1 || math.IsNaN(o.SlipRate) {
		return nil, fmt.Errorf("slip rate %v: want a probability in [0, 1]", o.SlipRate)
	}
	if o.SlipRate != 0 && len(o.Slips) > 0 {
		return nil, fmt.Errorf("a slip rate (%v) and a slip mix (%s): give one", o.SlipRate, FormatSlips(o.Slips))
	}
	if err := checkRates(o.Slips); err != nil {
		return nil, err
	}
	s := &Sim{o: o, problems: problems, byHead: map[string][]*Problem{}, rates: make([]float64, len(Kinds))}
	for i, k := range Kinds {
		s.rates[i] = o.Slips[k]
	}
	if o.SlipRate != 0 {
		s.rates[0] = o.SlipRate
	}
	for _, p := range problems {
		if len(p.Question) < headLen {
			s.short = append(s.short, p)
			continue
		}
		h := p.Question[:headLen]
		s.byHead[h] = append(s.byHead[h], p)
	}
	return s, nil
}

// Mix is the slip mix the simulator makes, as ParseSlips reads it ("none" when it never slips).
func (s *Sim) Mix() string {
	m := map[Kind]float64{}
	for i, k := range Kinds {
		if s.rates[i] > 0 {
			m[k] = s.rates[i]
		}
	}
	if len(m) == 0 {
		return "none"
	}
	return FormatSlips(m)
}

// Problems is the number of problems loaded.
func (s *Sim) Problems() int { return len(s.problems) }

// ReadProblems reads a GSM8K-format JSON Lines file ({"question", "answer"} per line). A row
// that does not parse is an error naming its line; rows without a numeric "#### N" too.
func ReadProblems(r io.Reader, name string) ([]*Problem, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 8<<20)
	var out []*Problem
	for ln := 1; sc.Scan(); ln++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		var row struct {
			Question *string `json:"question"`
			Answer   *string `json:"answer"`
		}
		if err := json.Unmarshal([]byte(text), &row); err != nil {
			return nil, fmt.Errorf("%s:%d: not a JSON object of a GSM8K row", name, ln)
		}
		if row.Question == nil || row.Answer == nil {
			return nil, fmt.Errorf("%s:%d: a GSM8K row needs \"question\" and \"answer\"", name, ln)
		}
		lines, final, err := parseSolution(*row.Answer)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, ln, err)
		}
		out = append(out, &Problem{Question: strings.TrimSpace(*row.Question), Lines: lines, Answer: final})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no problems", name)
	}
	return out, nil
}

// LoadFile reads a GSM8K-format file.
func LoadFile(path string) ([]*Problem, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadProblems(f, path)
}

// find returns the problem whose question appears in text (the longest when several do) and
// where the question ends in text.
func (s *Sim) find(text string) (*Problem, int) {
	var best *Problem
	bestEnd := -1
	consider := func(p *Problem, at int) {
		if strings.HasPrefix(text[at:], p.Question) && (best == nil || len(p.Question) > len(best.Question)) {
			best, bestEnd = p, at+len(p.Question)
		}
	}
	for i := 0; i+headLen <= len(text); i++ {
		for _, p := range s.byHead[text[i:i+headLen]] {
			consider(p, i)
		}
	}
	for _, p := range s.short {
		if at := strings.Index(text, p.Question); at >= 0 {
			consider(p, at)
		}
	}
	return best, bestEnd
}

// state is where a prefix leaves a reference solution: the next line to write and the values
// carried.
type state struct {
	next     int
	vals     values
	done     bool // the prefix already gives a final answer
	diverged int  // prefix steps the simulator could not match to the reference
}

var finalRe = regexp.MustCompile(`(?i)the answer is|\\boxed\{|####`)

// follow reads the prefix steps against p's reference solution. A step that matches the next
// reference line up to its numbers carries its numbers into the later lines (a slip in the
// prefix stays a slip); so does one that matches a variant of the line (another operation, a
// conversion applied twice), and one that matches the line after with the next one left out
// (a skipped step). A step that matches nothing still takes that line's place, with the
// values the reference computes (the simulator cannot read arbitrary prose). Steps without a
// digit before the first matched one are instructions of the prompt template, and skipped.
func (p *Problem) follow(steps []string) state {
	st := state{vals: values{}}
	matched := false
	for _, step := range steps {
		if finalRe.MatchString(step) {
			st.done = true
			return st
		}
		if st.next >= len(p.Lines) {
			st.diverged++
			continue
		}
		if vals, ok := readLine(step, p.Lines[st.next], st.vals); ok {
			st.vals, st.next, matched = vals, st.next+1, true
			continue
		}
		if st.next+1 < len(p.Lines) {
			if w, ok := skipValue(p.Lines[st.next], st.vals, ""); ok {
				if vals, ok := readLine(step, p.Lines[st.next+1], omit(p.Lines[st.next], st.vals, w).vals); ok {
					st.vals, st.next, matched = vals, st.next+2, true
					continue
				}
			}
		}
		if !matched && !strings.ContainsAny(step, "0123456789") {
			continue
		}
		st.diverged++
		st.vals, st.next, matched = render(p.Lines[st.next], st.vals, nil).vals, st.next+1, true
	}
	return st
}

// readLine reads step as line ln (or a variant of it) written with vals carried: the values
// after it, its numbers read where they differ from the line's.
func readLine(step string, ln line, vals values) (values, bool) {
	cands := []line{ln}
	for _, v := range variants(ln, true) {
		cands = append(cands, v.ln)
	}
	gotLits, gotNums := template(step)
	for _, c := range cands {
		want := render(c, vals, nil)
		if step == want.text {
			return want.vals, true
		}
		wantLits, wantNums := template(want.text)
		if !equalStrings(gotLits, wantLits) || len(gotNums) != len(want.slots) || len(gotNums) != len(wantNums) {
			continue
		}
		out := want.vals
		for i, g := range gotNums {
			if g == wantNums[i] {
				continue
			}
			if v, ok := parseNum(g); ok {
				out[want.slots[i].key] = v
			}
		}
		return out, true
	}
	return nil, false
}

// template splits text into the literal text between numbers and the numbers.
func template(text string) (lits, nums []string) {
	at := 0
	for _, m := range numRe.FindAllStringIndex(text, -1) {
		lits = append(lits, text[at:m[0]])
		nums = append(nums, text[m[0]:m[1]])
		at = m[1]
	}
	return append(lits, text[at:]), nums
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// rng is a deterministic stream of draws for one sample.
type rng struct{ h uint64 }

func newRNG(parts ...[]byte) *rng {
	f := fnv.New64a()
	for _, p := range parts {
		var n [8]byte
		binary.LittleEndian.PutUint64(n[:], uint64(len(p)))
		f.Write(n[:])
		f.Write(p)
	}
	return &rng{h: f.Sum64()}
}

// next is splitmix64.
func (r *rng) next() uint64 {
	r.h += 0x9e3779b97f4a7c15
	z := r.h
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

var slipDeltas = []int64{1, -1, 2, -2, 3, 10, -10, 5}

// continueFrom writes the rest of the solution after st, each step drawing its slip (see
// draw), and says which slips it made.
func (s *Sim) continueFrom(p *Problem, st state, r *rng) ([]string, []Slip) {
	if st.done {
		return nil, nil
	}
	var out []string
	var slips []Slip
	vals := st.vals
	for i := st.next; i < len(p.Lines); i++ {
		var rd rendered
		slipped := false
		if k := s.draw(r); k != "" {
			var detail string
			if rd, detail, slipped = slipLine(k, p, i, vals, r); slipped {
				slips = append(slips, Slip{Kind: k, Step: len(out), Detail: detail})
			}
		}
		if !slipped {
			rd = render(p.Lines[i], vals, nil)
		}
		vals = rd.vals
		if rd.text != "" {
			out = append(out, rd.text)
		}
	}
	final, _ := finalStep(p.Answer, vals)
	return append(out, final), slips
}
