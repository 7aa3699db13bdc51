#!/usr/bin/env bash
# same-output.sh BASE_REF — shows that the working tree's leanprm behaves byte for byte like the
# one at BASE_REF on all of ../shared/data. For refactors that must change nothing a user sees.
#
# Builds leanprm at BASE_REF (git archive into a temp dir) and from the working tree (uncommitted
# changes included), then runs each binary, from the same path and the same empty directory
# with an empty HOME and no LEANPRM_* variables (so no leanprm.yaml, no lean-project: the
# checker resolves to exact, default settings otherwise), on:
#   - check --json       every data file under DATA (default ../shared/data)
#   - translate --json   every data file under DATA
#   - eval processbench --cv, eval prmbench --json, eval outcome   (the README's commands)
#   - verify-proof --jsonl on testdata/verify/*.jsonl (through this binary's REPL simulator)
# and compares stdout, stderr and the exit status of every run. None of these outputs carries a
# wall-clock timing, so nothing is normalised. Exits 1 and prints what differed (a unified diff,
# first lines) on any difference, 2 on a usage or build error, 0 when all is the same.
#
# Environment: DATA (the data folder), KEEP=1 (keep the temp dir and say where it is).
# Takes about three minutes on two cores.
set -euo pipefail

if [[ $# -ne 1 || "$1" == -* ]]; then
	echo "usage: scripts/same-output.sh BASE_REF   (e.g. main, 758c73e)" >&2
	exit 2
fi
base_ref=$1
repo=$(git rev-parse --show-toplevel)
cd "$repo"
if ! git rev-parse --verify --quiet "$base_ref^{commit}" >/dev/null; then
	echo "same-output: $base_ref is not a commit in this repository" >&2
	exit 2
fi
data=$(cd "${DATA:-../shared/data}" 2>/dev/null && pwd) || {
	echo "same-output: data folder ${DATA:-../shared/data} not found (set DATA)" >&2
	exit 2
}

tmp=$(mktemp -d /tmp/same-output.XXXXXX)
if [[ "${KEEP:-}" == 1 ]]; then
	echo "same-output: keeping $tmp"
else
	trap 'rm -rf "$tmp"' EXIT
fi
mkdir -p "$tmp/src" "$tmp/bin" "$tmp/run" "$tmp/home" "$tmp/out/base" "$tmp/out/work"

echo "same-output: building $base_ref ($(git rev-parse --short "$base_ref")) and the working tree"
git archive "$base_ref" | tar -x -C "$tmp/src"
(cd "$tmp/src" && go build -o "$tmp/leanprm.base" ./cmd/leanprm) || { echo "same-output: $base_ref does not build" >&2; exit 2; }
go build -o "$tmp/leanprm.work" ./cmd/leanprm || { echo "same-output: the working tree does not build" >&2; exit 2; }

mapfile -t files < <(find "$data" -name '*.jsonl' | LC_ALL=C sort)
if [[ ${#files[@]} -eq 0 ]]; then
	echo "same-output: no .jsonl files under $data" >&2
	exit 2
fi
verify_suites=("$repo"/testdata/verify/*.jsonl)

# run NAME ARGS...: one run of $tmp/bin/leanprm; stdout, stderr and the exit status under $out.
run() {
	local name=$1
	shift
	local rc=0
	(cd "$tmp/run" && env -i PATH="$PATH" HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" \
		"$tmp/bin/leanprm" "$@" >"$out/$name.out" 2>"$out/$name.err") || rc=$?
	echo "$rc" >"$out/$name.rc"
}

for side in base work; do
	out="$tmp/out/$side"
	# The same path for both binaries, so nothing that names the program (the simulator's
	# command line, messages) differs between them.
	cp "$tmp/leanprm.$side" "$tmp/bin/leanprm"
	start=$SECONDS
	for f in "${files[@]}"; do
		name=${f#"$data"/}
		name=${name//\//_}
		run "check.$name" check --json "$f"
		run "translate.$name" translate --json "$f"
	done
	run eval-processbench eval processbench --cv --data "$data" "$data"/processbench/*.jsonl
	run eval-processbench-json eval processbench --cv --json --data "$data" "$data"/processbench/*.jsonl
	run eval-prmbench eval prmbench --json --data "$data" "$data"/prmbench/*.jsonl
	run eval-outcome eval outcome --data "$data" "$data"/processbench/*.jsonl "$data"/mr-gsm8k/labeled.jsonl
	for v in "${verify_suites[@]}"; do
		run "verify-proof.$(basename "$v")" verify-proof --jsonl --repl-command "$tmp/bin/leanprm sim repl" "$v"
	done
	echo "same-output: $side: $(ls "$out" | grep -c '\.rc$') runs in $((SECONDS - start)) s"
done

differ=0
for f in "$tmp/out/base"/*; do
	name=$(basename "$f")
	if ! cmp -s "$f" "$tmp/out/work/$name"; then
		differ=$((differ + 1))
		echo "DIFFERS: $name"
		diff -u --label "$base_ref/$name" --label "working-tree/$name" "$f" "$tmp/out/work/$name" | head -40 || true
	fi
done
total=$(ls "$tmp/out/base" | wc -l)
if [[ $differ -gt 0 ]]; then
	echo "same-output: $differ of $total outputs differ from $base_ref"
	exit 1
fi
empty=$(find "$tmp/out/base" -name '*.out' -size 0 | wc -l)
echo "same-output: all $total outputs (stdout, stderr, exit status of $((total / 3)) runs; $empty with an empty stdout) are identical to $base_ref"
