package outcome

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/leanprm/leanprm/hybrid/outcome/internal/expr"
)

// build turns a tree into a form.
func build(n *expr.Node, depth int) *form {
	if depth > maxDepth {
		return &form{kind: kBad, err: fmt.Errorf("%w: nested too deep", errTooLarge)}
	}
	switch n.Kind {
	case expr.List, expr.Or:
		f := buildElems(n.Kids, kSet, depth)
		f.bare = n.Kind == expr.List && f.kind == kSet
		return f
	case expr.Group:
		return buildGroup(n, depth)
	case expr.Matrix:
		f := &form{kind: kTuple}
		for _, row := range n.Kids {
			r := buildElems(row.Kids, kTuple, depth)
			if len(n.Kids) == 1 || len(row.Kids) == 1 {
				f.elems = append(f.elems, r.elems...)
			} else {
				f.elems = append(f.elems, r)
			}
		}
		f.norm = renderElems(f.elems, "(", ")")
		return f
	case expr.Union:
		f := &form{kind: kInterval}
		for _, k := range n.Kids {
			e := build(k, depth+1)
			switch {
			case e.kind == kInterval:
				f.ivs = append(f.ivs, e.ivs...)
			case e.kind == kTuple && e.paren && len(e.elems) == 2:
				iv, err := tupleInterval(e)
				if err != nil {
					return &form{kind: kBad, err: err}
				}
				f.ivs = append(f.ivs, iv)
			default:
				return &form{kind: kBad, err: fmt.Errorf("%w: a union of other than intervals", errUnsupported)}
			}
		}
		f.norm = renderIntervals(f.ivs)
		return f
	case expr.EmptySet:
		return &form{kind: kEmpty, norm: "∅"}
	case expr.Relation:
		return buildRel(n, depth)
	case expr.Approximation:
		f := build(n.Kids[0], depth+1)
		if f.kind == kExpr {
			f.approx = true
			f.norm = "≈ " + f.norm
		}
		return f
	case expr.Mul:
		if d := distribute(n); d != nil {
			return build(d, depth+1)
		}
	case expr.PlusMinus:
		plus := &expr.Node{Kind: expr.Add, Kids: n.Kids}
		minus := &expr.Node{Kind: expr.Sub, Kids: n.Kids}
		return buildElemsNodes([]*expr.Node{plus, minus}, depth)
	}
	return buildExpr(n)
}

func buildElemsNodes(kids []*expr.Node, depth int) *form {
	return buildElems(kids, kSet, depth)
}

func buildElems(kids []*expr.Node, k kind, depth int) *form {
	f := &form{kind: k}
	for _, kid := range kids {
		e := build(kid, depth+1)
		if e.kind == kBad {
			return e
		}
		if k == kSet && e.kind == kSet && e.name != "" || k == kSet && e.kind == kSet && kid.Kind == expr.PlusMinus {
			f.elems = append(f.elems, e.elems...) // x = ±2 inside a list
			continue
		}
		f.elems = append(f.elems, e)
	}
	// "x < 3 or x > 5": a union of intervals
	if k == kSet && len(f.elems) > 1 {
		all := true
		for _, e := range f.elems {
			all = all && e.kind == kInterval
		}
		if all {
			u := &form{kind: kInterval}
			for _, e := range f.elems {
				u.ivs = append(u.ivs, e.ivs...)
			}
			u.norm = renderIntervals(u.ivs)
			return u
		}
	}
	// "x = 1, y = 2": assignments of distinct variables are a tuple
	if k == kSet && len(f.elems) > 1 {
		names := map[string]bool{}
		for _, e := range f.elems {
			if e.name == "" || names[e.name] {
				names = nil
				break
			}
			names[e.name] = true
		}
		if names != nil {
			f.kind = kTuple
		}
	}
	open, close := "(", ")"
	if f.kind == kSet {
		open, close = "{", "}"
	}
	f.norm = renderElems(f.elems, open, close)
	return f
}

func renderElems(es []*form, open, close string) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.norm
	}
	return open + strings.Join(parts, ", ") + close
}

func buildGroup(n *expr.Node, depth int) *form {
	switch {
	case len(n.Kids) == 0 && (n.Open == "\\{" || n.Open == "{"):
		return &form{kind: kEmpty, norm: "∅"}
	case len(n.Kids) == 0:
		return &form{kind: kBad, err: fmt.Errorf("%w: empty brackets", errUnsupported)}
	case n.Open == "\\{" || n.Open == "{" && len(n.Kids) > 1:
		f := buildElems(n.Kids, kSet, depth)
		if f.kind == kTuple { // {x = 1, y = 2} is still a set of assignments
			f.kind = kSet
		}
		return f
	case len(n.Kids) == 1 && (n.Open == "(" && n.Close == ")" || n.Open == "{"):
		return build(n.Kids[0], depth+1)
	case len(n.Kids) == 2 && (n.Open != "(" || n.Close != ")"):
		// [a, b], (a, b], [a, b): an interval
		lo, err1 := endpoint(n.Kids[0], n.Open == "[")
		hi, err2 := endpoint(n.Kids[1], n.Close == "]")
		if err1 != nil || err2 != nil {
			if n.Open == "[" && n.Close == "]" {
				f := buildElems(n.Kids, kTuple, depth)
				return f
			}
			return &form{kind: kBad, err: fmt.Errorf("%w: an interval with an endpoint that is not a number", errUnsupported)}
		}
		iv := interval{lo, hi}
		return &form{kind: kInterval, ivs: []interval{iv}, norm: renderIntervals([]interval{iv})}
	case n.Open == "(" && n.Close == ")":
		f := buildElems(n.Kids, kTuple, depth)
		if f.kind == kBad {
			return f
		}
		f.kind = kTuple
		f.paren = true
		f.norm = renderElems(f.elems, "(", ")")
		return f
	}
	f := buildElems(n.Kids, kTuple, depth)
	return f
}

// endpoint reads an interval's endpoint: a number or ±∞.
func endpoint(n *expr.Node, closed bool) (bound, error) {
	if n.Kind == expr.Infinity {
		return bound{inf: 1}, nil
	}
	if n.Kind == expr.Neg && n.Kids[0].Kind == expr.Infinity {
		return bound{inf: -1}, nil
	}
	if hasVars(n, false) {
		return bound{}, fmt.Errorf("%w: a variable endpoint", errUnsupported)
	}
	v, err := (&evaluator{}).num(n)
	if err != nil {
		return bound{}, err
	}
	if !v.isReal() {
		return bound{}, fmt.Errorf("%w: a complex endpoint", errUnsupported)
	}
	return bound{v: v, closed: closed}, nil
}

func tupleInterval(f *form) (interval, error) {
	var bs [2]bound
	for i, e := range f.elems[:2] {
		switch {
		case e.kind != kExpr || e.name != "" || e.unit != nil || !e.dim.Zero() || e.hasVar || e.approx:
			return interval{}, fmt.Errorf("%w: an interval endpoint", errUnsupported)
		case e.inf != 0:
			bs[i] = bound{inf: e.inf}
		case e.valErr != nil:
			return interval{}, e.valErr
		case !e.val.isReal():
			return interval{}, fmt.Errorf("%w: a complex endpoint", errUnsupported)
		default:
			bs[i] = bound{v: e.val}
		}
	}
	return interval{bs[0], bs[1]}, nil
}

func renderIntervals(ivs []interval) string {
	parts := make([]string, len(ivs))
	for i, iv := range ivs {
		open, close := "(", ")"
		if iv.lo.closed {
			open = "["
		}
		if iv.hi.closed {
			close = "]"
		}
		parts[i] = open + iv.lo.String() + ", " + iv.hi.String() + close
	}
	return strings.Join(parts, " ∪ ")
}

func (b bound) String() string {
	switch b.inf {
	case 1:
		return "∞"
	case -1:
		return "-∞"
	}
	return b.v.String()
}

// buildRel reads an assignment (x = 5, (x, y) = (1, 2)), membership
// (x ∈ [1, 2]), an inequality (x > 3, 1 ≤ x < 2) or an equation.
func buildRel(n *expr.Node, depth int) *form {
	ops := strings.Fields(n.Text)
	if len(ops) == 1 && (ops[0] == "=" || ops[0] == "∈" || ops[0] == "≈") {
		lhs, rhs := n.Kids[0], n.Kids[1]
		if name, ok := varName(lhs); ok {
			f := build(rhs, depth+1)
			if f.kind == kBad {
				return f
			}
			if ops[0] == "≈" && f.kind == kExpr {
				f.approx = true
			}
			if f.kind == kExpr || f.kind == kSet && rhs.Kind == expr.PlusMinus {
				if f.kind == kExpr {
					f.name, f.bound = name, boundVar(lhs)
				} else {
					for _, e := range f.elems {
						e.name = name
					}
				}
				f.norm = name + " = " + f.norm
				if f.approx {
					f.norm = name + " ≈ " + strings.TrimPrefix(f.norm[len(name)+3:], "≈ ")
				}
			}
			return f
		}
		if lhs.Kind == expr.Group && lhs.Open == "(" && len(lhs.Kids) > 1 && ops[0] == "=" {
			allVars := true
			for _, k := range lhs.Kids {
				if _, ok := varName(k); !ok {
					allVars = false
				}
			}
			if allVars {
				return build(rhs, depth+1)
			}
		}
		if ops[0] == "=" {
			// an equation: compared only as written, sides as polynomials
			f := &form{kind: kEquation, lhs: lhs, n: rhs}
			f.lhsForm, f.rhsForm = buildExpr(lhs), buildExpr(rhs)
			f.norm = f.lhsForm.norm + " = " + f.rhsForm.norm
			return f
		}
		return &form{kind: kBad, err: fmt.Errorf("%w: a relation %s", errUnsupported, ops[0])}
	}
	if allOps(ops, "=", "≈") && ops[0] == "=" {
		return buildChain(n, ops, depth)
	}
	// inequalities: x > a, a < x, a < x < b
	return buildInequality(n, ops)
}

func allOps(ops []string, allowed ...string) bool {
	for _, o := range ops {
		ok := false
		for _, a := range allowed {
			ok = ok || o == a
		}
		if !ok {
			return false
		}
	}
	return true
}

// buildChain reads "x = a = b ≈ c": the exact values a, b, … must be
// proven equal to each other (else the answer is not understood); the
// value is the last exact one, and approximations after it are dropped.
func buildChain(n *expr.Node, ops []string, depth int) *form {
	kids := n.Kids
	for len(ops) > 0 && ops[len(ops)-1] == "≈" {
		ops, kids = ops[:len(ops)-1], kids[:len(kids)-1]
	}
	if allOps(ops, "=") == false {
		return &form{kind: kBad, err: fmt.Errorf("%w: ≈ inside a chain of equalities", errUnsupported)}
	}
	name, named := varName(kids[0])
	vals := kids
	if named {
		vals = kids[1:]
	}
	last := buildExpr(vals[len(vals)-1])
	if last.kind != kExpr || last.approx {
		return &form{kind: kBad, err: fmt.Errorf("%w: a chain of equalities", errUnsupported)}
	}
	for _, v := range vals[:len(vals)-1] {
		if c := (policy{}).compare(buildExpr(v), last, "", "", depth+1); c.v != Equal {
			return &form{kind: kBad, err: fmt.Errorf("%w: a chain of equalities whose sides are not proven equal (%s)", errUnsupported, c.reason)}
		}
	}
	if named {
		last.name = name
		last.norm = name + " = " + last.norm
	}
	return last
}

func varName(n *expr.Node) (string, bool) {
	if n.Kind == expr.Var && n.Text != "i" {
		return n.Text, true
	}
	// f(x) = …: a function's value; compared as its right side
	if n.Kind == expr.Mul && len(n.Kids) == 2 && n.Kids[0].Kind == expr.Var && n.Kids[1].Kind == expr.Group && n.Kids[1].Open == "(" {
		return n.Kids[0].Text + "(…)", true
	}
	return "", false
}

// boundVar returns the variable of a function's left side, f(t): "t"; "" for anything else.
func boundVar(lhs *expr.Node) string {
	if lhs.Kind != expr.Mul {
		return ""
	}
	g := lhs.Kids[1]
	if len(g.Kids) == 1 && g.Kids[0].Kind == expr.Var && g.Kids[0].Text != "i" {
		return g.Kids[0].Text
	}
	return ""
}

// renameVar copies a tree with the variable from renamed to.
func renameVar(n *expr.Node, from, to string) *expr.Node {
	c := *n
	if n.Kind == expr.Var && n.Text == from {
		c.Text = to
	}
	c.Kids = make([]*expr.Node, len(n.Kids))
	for i, k := range n.Kids {
		c.Kids[i] = renameVar(k, from, to)
	}
	return &c
}

func buildInequality(n *expr.Node, ops []string) *form {
	bad := &form{kind: kBad, err: fmt.Errorf("%w: a relation %s", errUnsupported, n.Text)}
	for _, o := range ops {
		if o != "<" && o != ">" && o != "≤" && o != "≥" {
			return bad
		}
	}
	// the variable's position
	vi := -1
	for i, k := range n.Kids {
		if _, ok := varName(k); ok && k.Kind == expr.Var {
			if vi >= 0 {
				return bad
			}
			vi = i
		}
	}
	if vi < 0 || len(n.Kids) > 3 {
		return bad
	}
	iv := interval{lo: bound{inf: -1}, hi: bound{inf: 1}}
	set := func(valNode *expr.Node, op string, valLeft bool) bool {
		b, err := endpoint(valNode, op == "≤" || op == "≥")
		if err != nil || b.inf != 0 {
			return false
		}
		less := op == "<" || op == "≤" // value op x with valLeft: value is a lower bound
		if less == valLeft {
			iv.lo = b
		} else {
			iv.hi = b
		}
		return true
	}
	switch {
	case len(n.Kids) == 2 && vi == 0:
		if !set(n.Kids[1], ops[0], false) {
			return bad
		}
	case len(n.Kids) == 2 && vi == 1:
		if !set(n.Kids[0], ops[0], true) {
			return bad
		}
	case len(n.Kids) == 3 && vi == 1:
		if (ops[0] == "<" || ops[0] == "≤") != (ops[1] == "<" || ops[1] == "≤") {
			return bad
		}
		if !set(n.Kids[0], ops[0], true) || !set(n.Kids[2], ops[1], false) {
			return bad
		}
	default:
		return bad
	}
	return &form{kind: kInterval, ivs: []interval{iv}, norm: renderIntervals([]interval{iv})}
}

// buildExpr evaluates one expression: ±∞, a number, or a rational
// function of its variables.
func buildExpr(n *expr.Node) *form {
	f := &form{kind: kExpr, n: n}
	inner := n
	switch {
	case inner.Kind == expr.Infinity:
		f.inf, f.norm = 1, "∞"
		return f
	case inner.Kind == expr.Neg && inner.Kids[0].Kind == expr.Infinity:
		f.inf, f.norm = -1, "-∞"
		return f
	case inner.Kind == expr.Add && inner.Kids[0].Kind == expr.Infinity:
		f.inf, f.norm = 1, "∞"
		return f
	}
	if containsKind(inner, expr.Infinity) {
		return &form{kind: kBad, err: fmt.Errorf("%w: arithmetic with ∞", errUnsupported)}
	}
	if c := countKind(inner, expr.PlusMinus); c == 1 {
		// a ± b inside an expression: the set of its two values
		plus, minus := buildExpr(replacePM(inner, expr.Add)), buildExpr(replacePM(inner, expr.Sub))
		if plus.kind != kExpr || minus.kind != kExpr {
			return &form{kind: kBad, err: fmt.Errorf("%w: ± inside an expression", errUnsupported)}
		}
		f := &form{kind: kSet, elems: []*form{plus, minus}}
		f.norm = renderElems(f.elems, "{", "}")
		return f
	} else if c > 1 {
		return &form{kind: kBad, err: fmt.Errorf("%w: several ± in one expression", errUnsupported)}
	}
	f.mixed = containsKind(inner, expr.MixedNumber)
	switch {
	case inner.Kind == expr.Number:
		f.decTok = inner.Tok
	case inner.Kind == expr.Neg && inner.Kids[0].Kind == expr.Number:
		f.decTok, f.decNeg = inner.Kids[0].Tok, true
	}
	if f.decTok != nil && f.decTok.Approx {
		f.approx = true
	}
	if containsApprox(inner) && f.decTok == nil {
		return &form{kind: kBad, err: fmt.Errorf("%w: an ellipsis inside an expression", errUnsupported)}
	}
	// i is the imaginary unit unless another letter makes it a variable
	iUnit := !hasVars(inner, true)
	f.hasVar = hasVars(inner, iUnit)
	ev := &evaluator{iUnit: iUnit}
	if !f.hasVar {
		var q qty
		f.val, q, f.valErr = ev.quantity(inner)
		f.unit, f.dim = q.unit, q.dim
		if f.valErr == nil {
			f.valStr = f.val.String()
			f.norm = f.valStr
			if f.unit != nil {
				f.norm = q.render(f.val)
			}
		}
	} else {
		f.r, f.rErr = ev.rat(inner)
		if f.rErr == nil {
			f.norm = f.r.String()
		}
	}
	if f.norm == "" {
		f.norm = truncate(expr.Render(inner), 200)
	}
	return f
}

func countKind(n *expr.Node, k expr.NodeKind) int {
	c := 0
	if n.Kind == k {
		c++
	}
	for _, kid := range n.Kids {
		c += countKind(kid, k)
	}
	return c
}

// replacePM copies a tree with its ± node made a + (k = expr.Add) or a −.
func replacePM(n *expr.Node, k expr.NodeKind) *expr.Node {
	if n.Kind == expr.PlusMinus {
		if n.Text == "unary" && k == expr.Sub {
			return &expr.Node{Kind: expr.Neg, Kids: []*expr.Node{n.Kids[1]}}
		}
		return &expr.Node{Kind: k, Kids: n.Kids}
	}
	c := *n
	c.Kids = make([]*expr.Node, len(n.Kids))
	for i, kid := range n.Kids {
		c.Kids[i] = replacePM(kid, k)
	}
	return &c
}

func containsKind(n *expr.Node, k expr.NodeKind) bool {
	if n.Kind == k {
		return true
	}
	for _, c := range n.Kids {
		if containsKind(c, k) {
			return true
		}
	}
	return false
}

func containsApprox(n *expr.Node) bool {
	if n.Kind == expr.Number && n.Tok.Approx {
		return true
	}
	for _, c := range n.Kids {
		if containsApprox(c) {
			return true
		}
	}
	return false
}

// sortedNames returns a map's keys in order.
func sortedNames(m map[string]*big.Rat) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// vectorOf returns the entries of a vector or matrix node: a parenthesised or bracketed list
// of two or more (one row), or a matrix (its rows); nil for anything else.
func vectorOf(n *expr.Node) [][]*expr.Node {
	n = unwrap(n)
	switch {
	case n.Kind == expr.Group && len(n.Kids) > 1 && (n.Open == "(" && n.Close == ")" || n.Open == "[" && n.Close == "]"):
		return [][]*expr.Node{n.Kids}
	case n.Kind == expr.Matrix:
		rows := make([][]*expr.Node, len(n.Kids))
		for i, r := range n.Kids {
			rows[i] = r.Kids
		}
		return rows
	}
	return nil
}

// distribute rewrites a scalar times a vector or matrix (4(1, 3), 2\begin{pmatrix}…) entry
// by entry, and a matrix times a column vector or matrix as their product; nil when n is
// neither (a product of two numbers, or shapes that do not multiply).
func distribute(n *expr.Node) *expr.Node {
	x, y := vectorOf(n.Kids[0]), vectorOf(n.Kids[1])
	switch {
	case x == nil && y == nil:
		return nil
	case x != nil && y != nil:
		return matProduct(n.Kids[0], x, y)
	}
	s, v, vn := n.Kids[0], y, unwrap(n.Kids[1])
	if x != nil {
		s, v, vn = n.Kids[1], x, unwrap(n.Kids[0])
	}
	out := &expr.Node{Kind: vn.Kind, Open: vn.Open, Close: vn.Close}
	for _, row := range v {
		cells := make([]*expr.Node, len(row))
		for j, c := range row {
			cells[j] = &expr.Node{Kind: expr.Mul, Kids: []*expr.Node{s, c}}
		}
		if vn.Kind == expr.Matrix {
			out.Kids = append(out.Kids, &expr.Node{Kind: expr.Group, Open: "(", Close: ")", Kids: cells})
		} else {
			out.Kids = cells
		}
	}
	return out
}

// matProduct multiplies two matrices written as such (rows of entries); a parenthesised list
// on the right is a column. It returns nil when the shapes do not multiply or the left is
// not a matrix.
func matProduct(left *expr.Node, a, b [][]*expr.Node) *expr.Node {
	if unwrap(left).Kind != expr.Matrix {
		return nil
	}
	if len(b) == 1 && len(b[0]) == len(a[0]) && len(a[0]) > 1 { // (x, y) on the right: a column
		col := make([][]*expr.Node, len(b[0]))
		for i, c := range b[0] {
			col[i] = []*expr.Node{c}
		}
		b = col
	}
	if len(a[0]) != len(b) || len(a)*len(b[0])*len(b) > maxElems {
		return nil
	}
	out := &expr.Node{Kind: expr.Matrix}
	for i := range a {
		if len(a[i]) != len(b) {
			return nil
		}
		row := &expr.Node{Kind: expr.Group, Open: "(", Close: ")"}
		for j := range b[0] {
			var sum *expr.Node
			for k := range b {
				if len(b[k]) != len(b[0]) {
					return nil
				}
				t := &expr.Node{Kind: expr.Mul, Kids: []*expr.Node{a[i][k], b[k][j]}}
				if sum == nil {
					sum = t
				} else {
					sum = &expr.Node{Kind: expr.Add, Kids: []*expr.Node{sum, t}}
				}
			}
			row.Kids = append(row.Kids, sum)
		}
		out.Kids = append(out.Kids, row)
	}
	return out
}
