package translate

import "testing"

// red20Traps are hostile wordings of claims the readers refute, written so
// that the text no longer makes the claim (issue 29, red team 20): a
// value solved after a restart or in a new part of the problem, or hedged
// with "might"; arithmetic in a ring of residues or with an operator the
// text redefines; a result the writer reports from earlier; a relation
// that must hold; fractions glued to a ratio; numerals of a named base;
// divisors counted with a restriction; "prime to" and "a prime
// candidate". Each family keeps look-alikes that are real asserted
// errors, refuted. The wording and the numbers are ours.
var red20Traps = []trap{
	// A value after a restart or in a new part is not claimed for the equation before.
	{family: "restart or new part", steps: []string{`So we can write: 5k - 2 = 18.`, `Let's start over. Solving for k, we get: k = 3.`}, step: 1, want: wantNotRefuted},
	{family: "restart or new part", steps: []string{`So we can write: 5k - 2 = 18.`, `(b) Solving for k, we get: k = 3.`}, step: 1, want: wantNotRefuted},
	{family: "restart or new part", steps: []string{`So we can write: 5k - 2 = 18.`, `Part (c): Solving for k, we get: k = 3.`}, step: 1, want: wantNotRefuted},
	{family: "restart or new part", steps: []string{`So we can write: 5k - 2 = 18.`, `For the second part, solving for k, we get: k = 3.`}, step: 1, want: wantNotRefuted},
	{family: "restart or new part", steps: []string{`We have 5k - 2 = 18.`, `Starting over from scratch, solving for k we get k = 3.`}, step: 1, want: wantNotRefuted},
	// look-alikes: no restart; the new part writes its own equation and misses it.
	{family: "restart or new part", steps: []string{`So we can write: 5k - 2 = 18.`, `Solving for k, we get: k = 3.`}, step: 1, want: wantRefuted, claim: "at k = 3"},
	{family: "restart or new part", steps: []string{`So we can write: 5k - 2 = 18.`, `(b) We can write: 4k = 20, so k = 6.`}, step: 1, want: wantRefuted},

	// A value hedged in its own sentence ("might", someone else's result).
	{family: "hedged value", steps: []string{`So we can write: 5k - 2 = 18.`, `Solving for k, a careless reader might get k = 3.`}, step: 1, want: wantNotRefuted},
	{family: "hedged value", steps: []string{`So we can write: 5k - 2 = 18.`, `Solving for k, one could get k = 3 by dropping the 2.`}, step: 1, want: wantNotRefuted},
	{family: "hedged value", steps: []string{`So we can write: 5k - 2 = 18.`, `Solving for k, we get: k = 5.`}, step: 1, want: wantRefuted, claim: "at k = 5"},

	// "might" before the claim, or "one might think" anywhere, hedges it.
	{family: "might", steps: []string{`One might think \(7 \times 6 = 48\).`}, want: wantNotRefuted},
	{family: "might", steps: []string{`A student might write 11 × 12 = 122.`}, want: wantNotRefuted},
	{family: "might", steps: []string{`It might seem that 91 is prime.`}, want: wantNotRefuted},
	{family: "might", steps: []string{`There are 7 divisors of 45, one might think.`}, want: wantNotRefuted},
	{family: "might", steps: []string{`One might think \(\tau(10) = 3\), which is prime.`}, want: wantNotRefuted},
	{family: "might", steps: []string{`One might choose \binom{7}{3} = 30 teams.`}, want: wantNotRefuted},
	// look-alikes: "might" after the claim says something else; no "might".
	{family: "might", steps: []string{`Since \(xyz = 150 = 5^3\), the sides might all differ.`}, want: wantRefuted, claim: "150 = 5 ^ 3"},
	{family: "might", steps: []string{`So 11 × 12 = 122, which might help.`}, want: wantRefuted, claim: "11 * 12 = 122"},
	{family: "might", steps: []string{`So 91 is prime.`}, want: wantRefuted},
	{family: "might", steps: []string{`There are 7 divisors of 45.`}, want: wantRefuted},

	// A ring of residues or a finite field named by the step.
	{family: "ring of residues", steps: []string{`In \(\mathbb{Z}_{9}\), \(5 + 7 = 3\).`}, want: wantNotRefuted},
	{family: "ring of residues", steps: []string{`Working in Z_11, 6 × 4 = 2.`}, want: wantNotRefuted},
	{family: "ring of residues", steps: []string{`Over \(\mathbb{F}_7\), \(3 \cdot 5 = 1\).`}, want: wantNotRefuted},
	{family: "ring of residues", steps: []string{`In ℤ/8ℤ, 5 + 6 = 3.`}, want: wantNotRefuted},
	{family: "ring of residues", steps: []string{`In \(\mathbb{Z}_{9}\), \(\frac{14}{2} = 16\).`}, want: wantNotRefuted},
	{family: "ring of residues", steps: []string{`In \mathbb{Z}_9, \frac{14}{2} = 16.`}, want: wantNotRefuted},
	{family: "ring of residues", steps: []string{`In Z_13 we write 4v + 1 = 3.`, `Solving for v, we get: v = 7.`}, step: 1, want: wantNotRefuted},
	// look-alikes: a name with an index, no ring.
	{family: "ring of residues", steps: []string{`Then Z_1 = 5 + 7 = 13.`}, want: wantRefuted, claim: "5 + 7 = 13"},
	{family: "ring of residues", steps: []string{`So \(5 + 7 = 3\).`}, want: wantRefuted, claim: "5 + 7 = 3"},

	// An operator the text redefines.
	{family: "redefined operator", steps: []string{`In this game, × means adding the numbers, so 5 × 6 = 11.`}, want: wantNotRefuted},
	{family: "redefined operator", steps: []string{`Define p * q = p + q + 1. Then 5 * 6 = 12.`}, want: wantNotRefuted},
	{family: "redefined operator", steps: []string{`Let us define \(p \star q = 2p + q\). Then \(5 \star 6 = 16\).`}, want: wantNotRefuted},
	// look-alikes: nothing redefined, or a definition of a quantity.
	{family: "redefined operator", steps: []string{`So 5 × 6 = 11.`}, want: wantRefuted, claim: "5 * 6 = 11"},
	{family: "redefined operator", steps: []string{`We define the total as 5 × 6 = 32 boxes.`}, want: wantRefuted, claim: "5 * 6 = 32"},

	// A result the writer reports from earlier, in the first person.
	{family: "earlier result", steps: []string{`At first I got 13 × 7 = 81, then I fixed it.`}, want: wantNotRefuted},
	{family: "earlier result", steps: []string{`Initially we wrote \(13 \times 7 = 81\).`}, want: wantNotRefuted},
	{family: "earlier result", steps: []string{`I originally computed 13 × 7 = 81 here.`}, want: wantNotRefuted},
	{family: "earlier result", steps: []string{`At first I got 57, which is prime.`}, want: wantNotRefuted},
	{family: "earlier result", steps: []string{`At first I got \binom{8}{3} = 46 groups.`}, want: wantNotRefuted},
	// look-alikes: "at first" as a time of the problem, "first" as an order, no earlier time.
	{family: "earlier result", steps: []string{`At first, the shop had 13 × 7 = 81 boxes.`}, want: wantRefuted, claim: "13 * 7 = 81"},
	{family: "earlier result", steps: []string{`I first got 13 × 7 = 81.`}, want: wantRefuted, claim: "13 * 7 = 81"},
	{family: "earlier result", steps: []string{`We got 13 × 7 = 81.`}, want: wantRefuted, claim: "13 * 7 = 81"},
	{family: "earlier result", steps: []string{`First, we get \binom{8}{3} = 46 groups.`}, want: wantRefuted},

	// A closed relation stated as a requirement.
	{family: "requirement", steps: []string{`For the pattern to continue, 9 × 8 = 74 must hold.`}, want: wantNotRefuted},
	{family: "requirement", steps: []string{`For the pattern, 9 × 8 = 74 would be needed.`}, want: wantNotRefuted},
	{family: "requirement", steps: []string{`The identity 9 × 8 = 74 needs to hold.`}, want: wantNotRefuted},
	{family: "requirement", steps: []string{`So \binom{6}{2} = 16 must hold for the count.`}, want: wantNotRefuted},
	// look-alikes: a computation of what is needed, and "hold" in another sense.
	{family: "requirement", steps: []string{`We need 9 × 8 = 74 cups.`}, want: wantRefuted, claim: "9 * 8 = 74"},
	{family: "requirement", steps: []string{`The shelves hold 9 × 8 = 74 books.`}, want: wantRefuted, claim: "9 * 8 = 74"},
	{family: "requirement", steps: []string{`She had to hold 9 × 8 = 74 cards.`}, want: wantRefuted, claim: "9 * 8 = 74"},

	// A fraction glued to a ratio or a time: the run holds part of a pair.
	{family: "ratio", steps: []string{`The ratio is \frac{2}{5} = 2:5.`}, want: wantNotRefuted},
	{family: "ratio", steps: []string{`Odds of 3:4 = \frac{3}{7}.`}, want: wantNotRefuted},
	{family: "ratio", steps: []string{`The ratio is \frac{2}{5} = 3.`}, want: wantRefuted},

	// Numerals of a named base.
	{family: "base", steps: []string{`In base 8, \frac{14}{2} = 6.`}, want: wantNotRefuted},
	{family: "base", steps: []string{`The numeral 35 is prime in base 6.`}, want: wantNotRefuted},
	{family: "base", steps: []string{`The number 35 is prime.`}, want: wantRefuted},

	// Divisors counted with a restriction.
	{family: "restricted divisors", steps: []string{`There are 4 divisors of 16, excluding 16.`}, want: wantNotRefuted},
	{family: "restricted divisors", steps: []string{`There are 3 divisors of 16, other than 1 and 16.`}, want: wantNotRefuted},
	{family: "restricted divisors", steps: []string{`There are 2 divisors of 16 we haven't used.`}, want: wantNotRefuted},
	{family: "restricted divisors", steps: []string{`There are 4 divisors of 16, so the sum is small.`}, want: wantRefuted},

	// "prime to" is coprime; "a prime candidate" is a candidate.
	{family: "prime sense", steps: []string{`The number 35 is prime to 12.`}, want: wantNotRefuted},
	{family: "prime sense", steps: []string{`So 35 is a prime candidate.`}, want: wantNotRefuted},
	{family: "prime sense", steps: []string{`So 35 is a prime factor candidate.`}, want: wantNotRefuted},
	{family: "prime sense", steps: []string{`So 35 is a prime factor of 70.`}, want: wantRefuted},
}

func TestRed20Traps(t *testing.T) {
	runTraps(t, "red20-", red20Traps, nil)
}
