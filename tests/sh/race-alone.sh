#!/bin/bash
# tools/race_alone, level 5's race planner crossing the board with nobody in the way: on 8x8
# it gets every piece home (the tool replays the line through the solitaire crossing, which
# checks every move and the goal): from the catalogue's best crossing in at most its 18
# moves, and planning on its own (--own) in about as many; it refuses options it cannot use.
set -u
fail() { echo "FAIL: $*"; exit 1; }
tool="$BUILD/tools/race_alone"
[ -x "$tool" ] || fail "$tool not built"

crossing() { # OPTIONS...: the moves home
    local out n
    out=$("$tool" --size 8 --movetime 60 "$@") || fail "8x8 run $* failed: $out"
    n=$(printf '%s\n' "$out" | head -1 |
        sed -n 's/^race planner alone\( (--own)\)\{0,1\} on 8x8: home in \([0-9]*\) moves, .*/\2/p')
    [ -n "$n" ] || fail "no result line: $out"
    [ "$(printf '%s\n' "$out" | sed -n 2p | wc -w)" -eq "$n" ] || fail "the line is not $n moves: $out"
    echo "$n"
}
n=$(crossing) || exit 1
[ "$n" -ge 12 ] && [ "$n" -le 18 ] || fail "8x8 crossing from the catalogue's line in $n moves, not 12 to 18"
own=$(crossing --own) || exit 1
[ "$own" -ge 12 ] && [ "$own" -le 26 ] || fail "8x8 crossing planned alone in $own moves, not 12 to 26"

for bad in "--size 12" "--movetime 0" "--depth 3" "--size"; do
    # shellcheck disable=SC2086
    "$tool" $bad >/dev/null 2>"$BUILD/race-alone.err"
    [ $? -eq 2 ] || fail "'$bad' did not exit 2"
    [ -s "$BUILD/race-alone.err" ] || fail "'$bad' gave no message"
done
rm -f "$BUILD/race-alone.err"
echo "race_alone: 8x8 in $n moves ($own planned alone)"
