# Solving a puzzle: typing crossing-8x8's best known solution (the one tests/test_solo.cpp
# replays) ends it "Solved in 18 moves" on par, and the scores file gets the entry with the
# date and the moves; a worse solve later leaves the best alone; a corrupt scores file is
# set aside with a message and a fresh one written.
. "$(dirname "$0")/tmux_lib.bash"
best="b1-d3 b2-d2-d4 a3-b4 a1-a3-c3-e5 a2-c4-e4-e6 c1-c3-a3-c5 b3-b5-d5-f7 d1-b3-b5-d5-f5
a4-c4-e4-g6-e8 c2-e4-g6 b4-d6-f6-h6 f5-h7-h5 d3-d5-f5-h7 d4-f6-f8 e5-e7-g7 c5-d6
d6-f6-h8 e6-g8"
scores="$XDG_STATE_HOME/halma/scores.halma"

start_game --solo crossing-8x8
wait_for "SOLITAIRE  crossing-8x8"
type_moves "$best"
wait_for "Solved in 18 moves"
wait_for "par 18 (on par)"
wait_for "first score for crossing-8x8"
[ -s "$scores" ] || fail "no scores file at $scores"
head -1 "$scores" | grep -qx "# halma solo scores" || fail "scores file header wrong"
line="score: crossing-8x8 18 $(date +%Y-%m-%d) $(echo $best)"
grep -qxF "$line" "$scores" || fail "the entry is not '$line': $(cat "$scores")"
# A solved puzzle takes no more moves; q leaves at once.
keys ':h8-g8' Enter
wait_for "the puzzle is solved"
keys q
[ "$(wait_exit)" = 0 ] || fail "quitting a solved puzzle failed"

# A longer solve (a step there and back first) keeps the stored best.
start_game --solo crossing-8x8
wait_for "SOLITAIRE  crossing-8x8"
keys ':a4-a5' Enter
wait_for "1. a4-a5"
keys ':a5-a4' Enter
wait_for "2. a5-a4"
n=2
for m in $best; do
    n=$((n + 1))
    keys ":$m" Enter
    wait_for "$n. $m"
done
wait_for "Solved in 20 moves"
wait_for "2 over"
wait_for "best stays 18"
grep -qxF "$line" "$scores" || fail "a worse solve changed the best: $(cat "$scores")"
keys q
wait_exit >/dev/null

# A corrupt scores file is kept aside, said so, and a fresh file holds the new score.
printf '# halma solo scores\nscore: crossing-8x8 3 2026-01-01 a1-b2\n' > "$scores"
start_game --solo crossing-8x8
wait_for "SOLITAIRE  crossing-8x8"
type_moves "$best"
wait_for "Solved in 18 moves"
wait_for "damaged scores file kept as $scores.bad"
[ -s "$scores.bad" ] || fail "the corrupt scores file was not kept aside"
grep -q "score: crossing-8x8 3 2026-01-01 a1-b2" "$scores.bad" || fail "the kept file changed"
grep -qxF "$line" "$scores" || fail "no fresh entry after the corrupt file: $(cat "$scores")"
keys q
[ "$(wait_exit)" = 0 ] || fail "exit status not 0"
# ... and said again on leaving, with the reason.
wait_for "halma: damaged scores file kept as"
screen | tr -d "\n" | grep -q "the score says 3 moves but lists 1" || fail "the reason is not given at exit"
# A solved record loaded later shows the solve and is not scored again.
start_game --solo crossing-8x8
wait_for "SOLITAIRE  crossing-8x8"
type_moves "$best"
wait_for "Solved in 18 moves"
save_as solved.halma
keys q
wait_exit >/dev/null
rm -f "$scores"
start_game --load "$TMP/solved.halma"
wait_for "Solved in 18 moves, par 18 (on par)"
wait_for "on par"
[ -e "$scores" ] && fail "loading a solved record wrote a score"
keys q
[ "$(wait_exit)" = 0 ] || fail "leaving a loaded solved puzzle failed"
