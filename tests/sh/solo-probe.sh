#!/bin/bash
# tools/solo_probe, the search behind the symmetric puzzles' par: it finds a symmetric figure
# on a small board, reports how far its progress beam gets, and refuses what it cannot probe.
set -u
fail() { echo "FAIL: $*"; exit 1; }
probe="$BUILD/tools/solo_probe"
[ -x "$probe" ] || fail "$probe not built"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The 10 pieces of the 8x8 yard reach a figure symmetric across a8-h1 in 10 moves (one a
# piece); every one-move line is replayed and checked by the tool through the solo game.
printf 'name: small-symmetry\nsize: 8\nstart: camp a1 8x8\ngoal: symmetric-antidiagonal\n' \
    >"$dir/small.txt"
out=$("$probe" "$dir/small.txt" 10 300) || fail "reach run failed: $out"
last=$(printf '%s\n' "$out" | tail -1)
[[ "$last" == "symmetric figure in 10 moves: "* ]] || fail "no figure in 10 moves: $last"
[ "$(printf '%s\n' "$last" | cut -d: -f2 | wc -w)" -eq 10 ] || fail "not 10 moves: $last"
printf '%s\n' "$out" | grep -q "^depth 10: .*best line total 70 (a symmetric figure has 70), fewest unmatched 0" ||
    fail "depth 10 line: $out"

# Too few moves: no figure. With 8 the best line is shown with what it lacks; with 3 the bound
# (one move mends at most two unmatched pieces) rules out every first move.
out=$("$probe" "$dir/small.txt" 8 300) || fail "8-move run failed"
printf '%s\n' "$out" | tail -1 | grep -q "^no symmetric figure within 8 moves; best line of [1-8] (total [0-9]*, [1-9][0-9]* unmatched): " ||
    fail "8-move run: $out"
out=$("$probe" "$dir/small.txt" 3 300) || fail "3-move run failed"
[ "$(printf '%s\n' "$out" | tail -1)" = "no symmetric figure within 3 moves: after any first move more pieces lack a mirror image than the moves left can mend" ] ||
    fail "3-move run: $out"

# Progress only: the line total climbs from the yard's 20 and never falls back in this beam.
out=$("$probe" "$dir/small.txt" 6 300 progress) || fail "progress run failed"
totals=$(printf '%s\n' "$out" | sed -n 's/^depth [0-9]*: .* best line total \([0-9]*\) .*/\1/p')
[ "$(printf '%s\n' "$totals" | wc -l)" -eq 6 ] || fail "progress depths: $out"
prev=20
for t in $totals; do
    [ "$t" -gt "$prev" ] || fail "progress total $t after $prev: $out"
    prev=$t
done

# What it refuses: a fill goal, an unknown puzzle, bad numbers, an unknown mode.
for args in "crossing 5 10" "no-such-puzzle 5 10" "symmetry 0 10" "symmetry 5 0" \
    "symmetry 5 10 sideways" "symmetry"; do
    # shellcheck disable=SC2086
    err=$("$probe" $args 2>&1 >/dev/null)
    rc=$?
    [ "$rc" -eq 2 ] || fail "solo_probe $args: exit $rc"
    [ -n "$err" ] || fail "solo_probe $args: no message"
done
exit 0
