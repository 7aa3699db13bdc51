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
	// arithmetic slip.
	SlipRate float64
	// Seed is mixed into every draw (with the request's seed, the prompt and the sample index).
	Seed uint64
}

// Sim continues reference solutions. It is safe for concurrent use: after New it only reads.
type Sim struct {
	o        Options
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
	s := &Sim{o: o, problems: problems, byHead: map[string][]*Problem{}}
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
// prefix stays a slip); a step that does not match still takes that line's place, with the
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
		want := render(p.Lines[st.next], st.vals, nil)
		if step == want.text {
			st.vals, st.next, matched = want.vals, st.next+1, true
			continue
		}
		gotLits, gotNums := template(step)
		wantLits, wantNums := template(want.text)
		if equalStrings(gotLits, wantLits) && len(gotNums) == len(want.slots) && len(gotNums) == len(wantNums) {
			vals := want.vals
			for i, g := range gotNums {
				if g == wantNums[i] {
					continue
				}
				if v, ok := parseNum(g); ok {
					vals[want.slots[i].key] = v
				}
			}
			st.vals, st.next, matched = vals, st.next+1, true
			continue
		}
		if !matched && !strings.ContainsAny(step, "0123456789") {
			continue
		}
		st.diverged++
		st.vals, st.next, matched = want.vals, st.next+1, true
	}
	return st
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

// continueFrom writes the rest of the solution after st: the steps joined by "\n\n", each with
// a calculation slipping with probability SlipRate. steps says how many were written.
func (s *Sim) continueFrom(p *Problem, st state, r *rng) []string {
	if st.done {
		return nil
	}
	var out []string
	vals := st.vals
	for i := st.next; i < len(p.Lines); i++ {
		var sl *slip
		if r.float() < s.o.SlipRate {
			sl = &slip{delta: slipDeltas[r.next()%uint64(len(slipDeltas))]}
		}
		rd := render(p.Lines[i], vals, sl)
		vals = rd.vals
		if rd.text != "" {
			out = append(out, rd.text)
		}
	}
	final, _ := finalStep(p.Answer, vals)
	return append(out, final)
}
