#!/usr/bin/env bash
# make demo: the main job on embedded defaults — score every step of a sample chain.
# Without a Lean toolchain the formal checker is the exact one (checker "exact"); with
# `make lean` done, the same command checks the claims with Lean.
set -euo pipefail
bin=${1:-bin/leanprm}
echo "\$ leanprm check testdata/demo/chain.md --obligations"
"$bin" check testdata/demo/chain.md --obligations
