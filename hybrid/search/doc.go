// Package search runs step-level searches over a generator, guided by the merged score and
// pruned by proofs: greedy (the baseline), best-of-N, beam search and DVTS as
// huggingface/search-and-learn defines them (N beams of width M keep N/M and expand each M
// times; N/M independent subtrees that keep their best of M), and MCTS with PUCT (OpenR's
// pb_c_init 1.25 as the default exploration constant).
//
// Each problem grows a tree. A node is a step; its chain is its parent's chain plus the step,
// and it is scored exactly once, through a Scorer that works on the new steps only (Local: a
// hybrid.Scorer built with serve.Build's incremental caches; Remote: a `leanprm serve` through
// /v1/score's prefix ids). With Options.Prune a step the checker refuted is never kept: it is
// marked pruned "proof" and its subtree is never grown. Identical sibling steps merge (Count).
// A chain ends at a final answer ("The answer is", \boxed{}, "####"), at the generator's end of
// sequence, or at the step budget, whose last step is generated to the end.
//
// Usage:
//
//	s := &search.Searcher{Generator: client, Scorer: &search.Local{Scorer: built.Parts.Scorer},
//		Options: search.Options{Algo: search.Beam, N: 16, Width: 4, Prune: true, Sampling: generate.DefaultParams()}}
//	s.Run(ctx, problems, 2, func(r search.Result) { enc.Encode(r) })
//
// The algorithms, the tree, what was measured (accuracy of every search with hybrid, learned-only
// and formal-only scoring on the simulated generator, and the cost of scoring inside a search) are
// in docs/SEARCH.md.
package search
