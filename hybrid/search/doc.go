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
// # Measured
//
// TestMeasureSearch (LEANPRM_MEASURE_SEARCH=1): the simulated generator (slip rate 0.15 per
// step) over 100 GSM8K test-split problems (MR-GSM8K's ground-truth solutions, chosen by a hash
// of their uuid), scored in process with the exact checker and the embedded PRM; width M = 4;
// final pick by the min aggregate. Accuracy (share of answers equal to the gold), then
// generator calls per problem (best selection; best-of-n N=16 with a weighted vote 99 %, a
// majority vote 100 %):
//
//	search      N   hybrid        learned-only   formal-only
//	greedy      1   77 % (6.1 calls; no scores used)
//	best-of-n   8   98 % (1.0)    99 % (1.0)     94 % (1.0)
//	beam        8   99 % (6.8)   100 % (8.3)     92 % (6.8)
//	dvts        8   99 % (6.6)   100 % (7.8)     92 % (6.6)
//	mcts        8   98 % (6.3)    98 % (6.3)     92 % (6.7)
//	best-of-n  16   98 % (1.0)    99 % (1.0)     94 % (1.0)
//	beam       16   98 % (7.9)    99 % (12.3)    93 % (7.9)
//	dvts       16   98 % (7.5)    99 % (10.8)    93 % (7.5)
//	mcts       16   98 % (6.6)    99 % (6.9)     92 % (7.2)
//
// Beam search with hybrid scoring reaches 98–99 %, 21–22 points over greedy: short of the 30
// points asked, because greedy already gets 77 % here (a slip changes the answer of fewer than a
// quarter of greedy chains; no search can gain more than 23 points). On GSM8K's training split
// (LEANPRM_MEASURE_SEARCH_SET=train) greedy gets 69 % and beam with hybrid scoring 99 % (+30);
// but the embedded PRM trained on corrupted calculations of those very solutions, so that split
// is in-sample for learned scores. Proof pruning alone (formal-only: a refuted step is cut,
// everything else scores alike) gives +15 to +17 points over greedy; the learned PRM alone does
// as well as hybrid here because it was trained on this kind of slip (a corrupted calculation
// result), and hybrid's pruning saves generator calls (beam N=16: 7.9 calls per problem against
// 12.3 learned-only, and 12.4 for hybrid scoring without pruning). MCTS's N iterations often
// end before any chain finishes; it then completes its best-valued path (before it did, 21
// problems of 100 had no answer at N=8). The one problem beam search leaves without an answer has a reference solution
// whose own step the checker refutes ("50 + 20 + 140x + 70x = 90 + 210x"), so every
// continuation is pruned. Scoring a whole solution at once (best-of-N) can read a slip as
// unknown where the step alone, scored as it was generated, is refuted: the translator reads a
// chain as a whole.
//
// BenchmarkBeamScoringPerNewStep: inside a beam search of N=64 over the ten-step fixture
// problem, scoring costs 1.2–1.4× a one-step chain per new step (medians of runs on a shared
// 2-core machine; one outlier run at 3.1×).
package search
