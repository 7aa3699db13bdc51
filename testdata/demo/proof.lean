-- A small contest-style proof, judged tactic by tactic:
--   leanprm lean chain testdata/demo/proof.lean
theorem amc_lin (x y : Int) (h₁ : x + y = 10) (h₂ : x - y = 2) : x = 6 ∧ y = 4 := by
  constructor
  · omega
  · omega
