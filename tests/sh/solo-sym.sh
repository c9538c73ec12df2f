#!/bin/bash
# tools/solo_sym, the bounded search for a symmetric figure: on the 8x8 board it finds the
# 10-piece figure in 9 moves (by its beam, and by its exhaustive completion of a small beam),
# proves 8 moves impossible by searching every line, and refuses what it cannot search.
set -u
fail() { echo "FAIL: $*"; exit 1; }
tool="$BUILD/tools/solo_sym"
[ -x "$tool" ] || fail "$tool not built"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'name: small-symmetry\nsize: 8\nstart: camp a1 8x8\ngoal: symmetric-antidiagonal\n' \
    >"$dir/small.txt"

# The tool replays every line it prints through the solo game and checks the figure; here the
# line must also have exactly the moves it claims.
check_found() { # output moves
    local last
    last=$(printf '%s\n' "$1" | tail -1)
    [[ "$last" == "symmetric figure in $2 moves: "* ]] || fail "no figure in $2 moves: $1"
    [ "$(printf '%s\n' "$last" | cut -d: -f2 | wc -w)" -eq "$2" ] || fail "not $2 moves: $last"
}

out=$("$tool" "$dir/small.txt" --moves 9 --width 20000 --seconds 60) || fail "beam run failed"
check_found "$out" 9
printf '%s\n' "$out" | grep -q "^depth 9: .* fewest unmatched 0" || fail "depth 9 line: $out"

# A beam of 1000 stopped at depth 3, then searched on depth-first.
out=$("$tool" "$dir/small.txt" --moves 9 --width 1000 --table-mb 16 --complete-at 3 --seconds 60) ||
    fail "completion run failed"
check_found "$out" 9
printf '%s\n' "$out" | grep -q "^exhaustive search from depth 3: .*, figure found$" ||
    fail "completion line: $out"

# 8 moves: every first move kept, every line from each searched to the end, none symmetric.
out=$("$tool" "$dir/small.txt" --moves 8 --width 100000 --table-mb 16 --complete-at 1 --seconds 120) ||
    fail "8-move run failed"
printf '%s\n' "$out" | grep -q "^exhaustive search from depth 1: 24 of 24 positions searched to the end" ||
    fail "8-move search not complete: $out"
printf '%s\n' "$out" | tail -1 | grep -q "^no symmetric figure found within 8 moves; best line of 1 " ||
    fail "8-move result: $out"

# Every piece moving at most once: no 9-move figure (the one above moves a piece twice).
out=$("$tool" "$dir/small.txt" --moves 9 --width 100000 --once --table-mb 16 --complete-at 1 --seconds 120) ||
    fail "once-each run failed"
printf '%s\n' "$out" | grep -q "^exhaustive search from depth 1: 24 of 24 positions searched to the end" ||
    fail "once-each search not complete: $out"

# What it refuses: a fill goal, an unknown puzzle, bad numbers, unknown options, a width
# over the memory allowed.
for args in "crossing" "no-such-puzzle" "symmetry --moves 0" "symmetry --width 0" \
    "symmetry --seconds -1" "symmetry --weight x" "symmetry --sideways" "symmetry --moves" \
    "symmetry --width 100000000 --memory-mb 100" ""; do
    # shellcheck disable=SC2086
    err=$("$tool" $args 2>&1 >/dev/null)
    rc=$?
    [ "$rc" -eq 2 ] || fail "solo_sym $args: exit $rc"
    [ -n "$err" ] || fail "solo_sym $args: no message"
done
exit 0
