#!/bin/bash
# tools/solo_figures, the figure solver from the command line: it solves symmetry and mirror
# from the start with lines the engine then plays to "solved 19", counts every figure of a
# small puzzle (each line searched), says when no figure can be reached and why, and refuses
# what it cannot do.
set -u
fail() { echo "FAIL: $*"; exit 1; }
tool="$BUILD/tools/solo_figures"
[ -x "$tool" ] || fail "$tool not built"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

for puzzle in symmetry mirror; do
    out=$("$tool" solve "$puzzle" 60) || fail "solve $puzzle failed: $out"
    [[ "$(sed -n 1p <<<"$out")" == "$puzzle: figure found, "* ]] || fail "solve $puzzle: $out"
    line=$(sed -n 2p <<<"$out")
    [ "$(wc -w <<<"$line")" -eq 19 ] || fail "$puzzle: not 19 moves: $line"
    cmds="newgame solo=$puzzle"
    for m in $line; do cmds+=$'\n'"play $m"; done
    status=$(printf '%s\nstatus\n' "$cmds" | "$HALMA" --engine | sed '/^$/d' | tail -1)
    [ "$status" = "= solved 19" ] || fail "$puzzle: the engine gives '$status' for $line"
done

# Six pieces in the corner of the 8x8 board, to leave for a figure symmetric about a1-h8.
printf 'name: six\nsize: 8\nstart: a1 b1 c1 a2 b2 a3\ngoal: symmetric-diagonal\nempty: a1 b1 c1 a2 b2 a3\nlimit: 6\n' \
    >"$dir/six.txt"
out=$("$tool" count "$dir/six.txt" 60) || fail "count failed: $out"
[ "$out" = "six: 14 distinct figures in 60 s (every line searched)" ] || fail "count: $out"
sed 's/^limit: 6$/limit: 5/' "$dir/six.txt" >"$dir/five.txt"
out=$("$tool" solve "$dir/five.txt" 10) || fail "solve five failed: $out"
[ "$(sed -n 2p <<<"$out")" = "6 pieces must still move and only 5 moves are left" ] ||
    fail "no reason given: $out"
[[ "$(sed -n 1p <<<"$out")" == "six: no figure can be reached, "* ]] || fail "five: $out"

# What it refuses: no command, an unknown puzzle, a puzzle that is no figure, bad numbers, a
# bad position.
for args in "" "solve" "solve no-such-puzzle" "solve crossing" "solve symmetry -1" \
    "count symmetry" "count symmetry x" "bench 0" "solve symmetry 5 not-a-position"; do
    # shellcheck disable=SC2086
    err=$("$tool" $args 2>&1 >/dev/null)
    rc=$?
    [ "$rc" -eq 2 ] || fail "solo_figures $args: exit $rc"
    [ -n "$err" ] || fail "solo_figures $args: no message"
done
exit 0
