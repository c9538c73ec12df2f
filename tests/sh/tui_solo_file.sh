# A puzzle of one's own: --solo takes a puzzle file as well as a built-in name; the puzzle
# plays and scores like a built-in one, and its best score is kept under its name; --load
# takes the file too. A file that is not a puzzle exits 2 with a message naming the file
# and what is wrong.
. "$(dirname "$0")/tmux_lib.bash"
cat >"$TMP/two-hops.txt" <<'PUZZLE'
name: two-hops
title: Two pieces from a1 and b2 onto c3 and d4
size: 8
start: a1 b2
goal: fill c3 d4
limit: 5
par: 2
PUZZLE
printf 'name: broken\nsize: 8\n' >"$TMP/broken.txt"
out=$("$HALMA" --solo "$TMP/broken.txt" 2>&1 </dev/null)
[ $? = 2 ] || fail "a file that is not a puzzle did not exit 2"
echo "$out" | grep -qF "$TMP/broken.txt: the puzzle has no 'start:' line" ||
    fail "the message does not say what is wrong: $out"
"$HALMA" --help | grep -qF "or a puzzle file" || fail "--help does not mention puzzle files"

start_game --solo "$TMP/two-hops.txt"
wait_for "SOLITAIRE  two-hops"
wait_for "par   2"
keys ':a1-c3' Enter
wait_for "1. a1-c3"
keys ':b2-d4' Enter
wait_for "Solved in 2 moves"
wait_for "on par"
# The best score is kept under the puzzle's own name.
for ((i = 0; i < WAIT_STEPS; i++)); do
    grep -q "two-hops" "$XDG_STATE_HOME"/halma/* 2>/dev/null && break
    sleep 0.05
done
grep -q "two-hops" "$XDG_STATE_HOME"/halma/* || fail "no best score kept for two-hops"
[ "$(quit_game)" = 0 ] || fail "exit status not 0"
# --load knows a puzzle file from a game record.
start_game --load "$TMP/two-hops.txt"
wait_for "Loaded $TMP/two-hops.txt"
wait_for "SOLITAIRE  two-hops"
wait_for "moves 0"
[ "$(quit_game)" = 0 ] || fail "exit status not 0 after --load"
