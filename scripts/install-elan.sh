#!/usr/bin/env bash
# Installs elan (the Lean toolchain manager) when neither elan nor lake is available.
# The toolchain itself is chosen by lean-project/lean-toolchain and fetched by lake on first use.
set -euo pipefail
if command -v elan >/dev/null 2>&1 || [ -x "$HOME/.elan/bin/elan" ]; then
  echo "elan: already installed"
  exit 0
fi
echo "elan: installing into \$HOME/.elan (no default toolchain; lean-project pins its own)"
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
curl --proto '=https' --tlsv1.2 -sSfL https://raw.githubusercontent.com/leanprover/elan/master/elan-init.sh -o "$tmp"
sh "$tmp" -y --default-toolchain none
echo "elan: installed; add \$HOME/.elan/bin to PATH"
