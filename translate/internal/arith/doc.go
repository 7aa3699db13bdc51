// Package arith is the arithmetic reader: it reads one run of a step's tokens (mathtext) into
// the sides of its relations (SplitRun, parse.go's grammar of numbers, operators, fractions,
// roots and powers, with their units), evaluates them exactly over Q (EvalEnv), and turns one
// link A rel B into obligations (ClaimCtx.Link): the claim itself, a rounding statement for a
// decimal shown to some precision, a rounding bound, square-root side conditions, with what a
// proof and a disproof of each stand for once units, conversions, the wording around the claim
// and the numbers the problem states exactly (ExactSet) are weighed. It keeps no state between
// steps: the bindings of names across a chain are the Translator's, which hands a claim its
// hypothesis. It depends on mathtext, dialect (the relations), obligation and algebra (exact
// powers and roots).
package arith
