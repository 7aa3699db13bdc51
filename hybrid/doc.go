// Package hybrid is the merge: the PRM and Formal interfaces, Policy,
// Scorer and Aggregate. It scores every step of a math reasoning chain by
// merging two kinds of evidence: verdicts of a formal checker (Lean or
// exact arithmetic, through the Formal interface) on the claims a step
// makes, and the score of a learned process reward model (the PRM
// interface). Every merged score keeps its source: each ScoredStep carries
// the score, its Source, the formal verdict and checker, the learned
// score, the obligations with their Lean text and messages, and the name
// of the Policy that merged them.
//
// Inputs come from chain/ (chains and their readers), formal verdicts from
// formal/ (the adapters over translate and Lean), learned scores from prm/
// (prm/embedded, the default model, which prm/embedded/train fits in Go;
// prm/vllm, a served PRM); bench/ holds the benchmark maths (ProcessBench
// and PRMBench metrics, thresholds, comparison, best-of-N) and report/ the
// rendering. Around the score: outcome/ grades final answers against the
// gold, reward/ puts that outcome beside the process score for RL loops,
// generate/ is the client of OpenAI-compatible generators, search/ runs
// step-level searches over one guided by the merged score, and label/
// turns proofs and rollouts into step labels. NoFormal stands in where no
// formal side is wired.
//
// ExampleScorer shows a Scorer merging a PRM and a formal side.
package hybrid
