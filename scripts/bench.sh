#!/bin/bash
# make bench: runs every benchmark in scripts/bench.d/ in name order. Each prints its own
# figures (medians over several runs); none of them is a pass/fail test.
set -u
cd "$(dirname "$0")/.."
: "${HALMA:=$PWD/halma}" "${BUILD:=build/release}"
export HALMA BUILD
for b in scripts/bench.d/*.sh; do
    [ -e "$b" ] || continue
    echo "== $(basename "$b" .sh)"
    bash "$b" || echo "(benchmark $(basename "$b") failed with status $?)"
done
