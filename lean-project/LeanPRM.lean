/-!
# LeanPRM

The library target of leanprm's Lake project. It is deliberately almost empty: every obligation
leanprm sends is self-contained core Lean over `Rat`, so the REPL only needs the prelude. Whether
the configured tactic decides `Rat` arithmetic on this toolchain is checked at run time by each
REPL worker's start-up probe (see `leanprm doctor`), not here, so that a toolchain where it does
not still builds.
-/

example : 2 + 2 = 4 := by decide
