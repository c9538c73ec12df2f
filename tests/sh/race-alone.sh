#!/bin/bash
# tools/race_alone, level 5's race planner crossing the board with nobody in the way: on 8x8
# it gets every piece home (the tool replays the line through the solitaire crossing, which
# checks every move and the goal), in about as many moves as the solver's par of 18, and it
# refuses options it cannot use.
set -u
fail() { echo "FAIL: $*"; exit 1; }
tool="$BUILD/tools/race_alone"
[ -x "$tool" ] || fail "$tool not built"

out=$("$tool" --size 8 --movetime 60) || fail "8x8 run failed: $out"
first=$(printf '%s\n' "$out" | head -1)
n=$(printf '%s\n' "$first" | sed -n 's/^race planner alone on 8x8: home in \([0-9]*\) moves, .*/\1/p')
[ -n "$n" ] || fail "no result line: $out"
[ "$n" -ge 12 ] && [ "$n" -le 26 ] || fail "8x8 crossing in $n moves, expected 12 to 26"
[ "$(printf '%s\n' "$out" | sed -n 2p | wc -w)" -eq "$n" ] || fail "the line is not $n moves: $out"

for bad in "--size 12" "--movetime 0" "--depth 3" "--size"; do
    # shellcheck disable=SC2086
    "$tool" $bad >/dev/null 2>"$BUILD/race-alone.err"
    [ $? -eq 2 ] || fail "'$bad' did not exit 2"
    [ -s "$BUILD/race-alone.err" ] || fail "'$bad' gave no message"
done
rm -f "$BUILD/race-alone.err"
echo "race_alone: 8x8 in $n moves"
