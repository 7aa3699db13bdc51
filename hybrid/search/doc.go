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
// TestMeasureSearch (`LEANPRM_MEASURE_SEARCH=1 go test -count=1 -v -timeout 60m -run
// TestMeasureSearch ./hybrid/search/`): the simulated generator (slip rate 0.15 per step) over
// 100 GSM8K test-split problems — MR-GSM8K's GSM8K rows (question_type original and POT, one per
// question, 363 in all), chosen by a hash of their uuid; 3.3 calculator annotations per reference
// solution —, scored in process with the exact checker and the embedded PRM; width M = 4; final
// pick by the min aggregate. Accuracy (share of answers equal to the gold), then generator calls
// per problem (best selection; best-of-n N=16 with a weighted vote 100 %, a majority vote 100 %):
//
//	search      N   hybrid        learned-only   formal-only
//	greedy      1   69 % (4.7 calls; no scores used)
//	best-of-n   8   99 % (1.0)    99 % (1.0)     95 % (1.0)
//	beam        8  100 % (5.6)   100 % (7.7)     90 % (5.6)
//	dvts        8  100 % (5.3)   100 % (7.0)     90 % (5.3)
//	mcts        8   99 % (4.8)    98 % (4.8)     90 % (5.5)
//	best-of-n  16   99 % (1.0)    99 % (1.0)     95 % (1.0)
//	beam       16   99 % (7.0)    99 % (13.2)    91 % (7.0)
//	dvts       16   99 % (6.3)    99 % (11.1)    91 % (6.3)
//	mcts       16   99 % (5.1)    99 % (5.8)     90 % (6.0)
//
// Beam search with hybrid scoring reaches 100 % at N=8 and 99 % at N=16: 31 and 30 points over
// greedy. Over all 363 problems (LEANPRM_MEASURE_SEARCH=363): greedy 64.5 %, beam with hybrid
// scoring 99.4 % (N=8) and 99.2 % (N=16), formal-only 89.8 % and 90.4 %. Calls per problem
// vary by about 0.1 between runs of the same sample; the accuracies did not. The sample takes
// only GSM8K's problems: MR-GSM8K's "reversed" rows are its own rewritten problems whose
// solutions carry no calculator annotation, on which the simulator never slips — with them (an
// earlier sample) greedy got 77 %.
//
// Proof pruning alone (formal-only: a refuted step is cut, every other step scores alike)
// gives +21 to +22 points over greedy with beam, DVTS and MCTS (90–91 %), +26 with best-of-N:
// the chains it leaves wrong carry a slip the checker did not refute. The learned PRM alone
// does as well as hybrid here because it was trained on this kind of slip (a corrupted
// calculation result, on GSM8K's training solutions), and hybrid's pruning saves generator
// calls (beam N=16: 7.0 calls per problem against 13.2 learned-only, and 13.2 for hybrid
// scoring without pruning). On GSM8K's training split (LEANPRM_MEASURE_SEARCH_SET=train)
// greedy gets 69 % too, beam with hybrid scoring 99 % (+30) and formal-only 94–95 %; but that
// split is in-sample for learned scores. MCTS's N iterations often end before any chain
// finishes; it then completes its best-valued path (before it did, 21 problems of 100 had no
// answer at N=8). Scoring a whole solution at once (best-of-N) can read a slip as unknown where
// the step alone, scored as it was generated, is refuted: the translator reads a chain as a
// whole.
//
// BenchmarkBeamScoringPerNewStep: inside a beam search of N=64 over the ten-step fixture
// problem, scoring costs 1.2–1.4× a one-step chain per new step (medians of runs on a shared
// 2-core machine; one outlier run at 3.1×).
package search
