// Package label turns proofs and Monte Carlo rollouts into step labels for training process
// reward models, with no human annotation: `leanprm label`.
//
// Methods (Labeler.Method):
//
//	formal    a refuted step is wrong (proven), a step verified with the whole step formalized
//	          is right; everything else is unknown (null). No generator, no gold answer.
//	mc-hard   Math-Shepherd (arXiv 2312.08935): K rollouts from each prefix, graded against
//	          the gold answer; right when any reaches it.
//	mc-soft   the same rollouts; the label is the share, right at SoftThreshold (1/2) or more.
//	omega     OmegaPRM's binary search (arXiv 2406.06592) for the first prefix none of whose
//	          K rollouts reaches the gold answer: at most ceil(log2 n) prefixes rolled out per
//	          chain of n steps, none when the chain's own answer is right (see Labeler.omega).
//	          OmegaPRM's tree search over its own rollouts (priority Q = α^(1−MC)·β^(len/L),
//	          U = c_puct·√ΣN/(1+N); openr defaults α 0.5, β 0.9, L 500, c_puct 0.125, k 16,
//	          budget 200) picks which rollout to search next; a labeller given fixed chains has
//	          no such choice, so only the binary search is kept and the budget is per chain.
//	combined  formal where a proof decides (those steps are not rolled out), mc-hard
//	          elsewhere.
//
// The last step's prefix is the whole chain, so under the Monte Carlo methods it is labelled
// by the chain's own final answer (source "answer") with no rollout. Rollouts are requested
// n=K at a time and cached by problem, gold answer, prefix and K (Estimator).
//
// Every label records its source: "formal" with the verdict and checker, "mc" with K, the
// rollouts that reached the gold answer and the share, "answer", or "inferred" (omega: below
// the located first error, not rolled out). A rollout whose answer the grader cannot decide
// counts as not reaching the gold answer and is counted apart (Step.Undecided): the grader
// says equal only when it proved it.
//
// Exporter writes the labels as leanprm's own rows (Chain) or as TRL stepwise supervision,
// FoVer, ProcessBench or PRM800K rows; hybrid/chain reads each back.
//
// # Measured
//
// Formal labels on ProcessBench dev with the exact checker (TestMeasureFormalLabelsProcessBench,
// LEANPRM_MEASURE=1): steps labelled gsm8k 15 of 1056 (all wrong), math 85 of 3252 (4 right),
// olympiadbench 57 of 4613 (1 right), omnimath 65 of 4097 (all wrong). Of the 220 that can be
// compared with the human first error, 215 agree (wrong at or after it, right before it); the
// 2 right steps after a first error say nothing either way. The 5 disagreements were read by
// hand: each is a real error in the step's text that the human label passed over (listed in
// the test). Steps whose claims were all verified but are not labelled (prose says more than
// its arithmetic): on GSM8K 107 before the human first error and 66 at it — labelling them
// right would have put a "right" label on 66 wrong steps.
//
// Monte Carlo labels of chains the generator simulator wrote over 300 GSM8K training
// problems at slip rate 0.15 (119 with a slip), rolled out by the same simulator
// (TestMeasureMonteCarloLocatesSlips in internal/wire): first errors located exactly, and
// rollouts spent,
//
//	K    mc-hard             mc-soft             omega
//	4    95.3%  4500         83.7%  4500         94.3%  1128
//	8    95.0%  9000         85.0%  9000         93.0%  2256
//	16   91.7% 18000         85.7% 18000         89.7%  4464
//
// Omega spends a quarter of mc's rollouts; at K=4 it locates more than mc-hard at K=16 with
// a sixteenth of the rollouts. Larger K is not better for the "any rollout reaches the gold
// answer" rule: more rollouts from a wrong prefix give a rare recovery (a later slip that
// undoes the first, or a continuation that reads the step's other number) more chances to
// call the wrong step right. The misses besides: slips whose value the chain never uses
// again (the answer stays right, and rollouts cannot see the error).
//
// The generator (Roller) and the answer grader (Grader) are consumer-side interfaces:
// internal/wire adapts the OpenAI-compatible generator client and hybrid/outcome to them.
package label
