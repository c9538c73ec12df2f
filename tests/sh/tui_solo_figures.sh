# The figure puzzles in the front end. A wasted move in symmetry says at once that no figure
# can be reached, and so does the hint. Typing the kept line (the one tests/solo_support.hpp
# keeps) ends it "Solved in 19 moves" with a new figure counted on the panel and kept in the
# scores file; the saved record reads back through `halma --engine` as solved at move 19;
# solving it the same way again says the figure was found before. A 19th move that leaves a
# piece in the camp fails the puzzle and says so; mirror solves by its kept line too.
. "$(dirname "$0")/tmux_lib.bash"
sym="c1-e3 a3-c5 d1-f1 a4-a6 e1-g1 a5-a7 b2-d4 e2-f2 b5-b6 c3-e1-g3 a1-c1-c3-a5-c7 d3-f3 c4-c6
b1-d3-d5 a2-c4-e4 c2-e2-g2 b3-b5-b7 d2-f4-h2 b4-d6-b8"
mir="d1-f3 c2-e4 b3-d5 a4-c6 c1-e3-g3 a1-c1-e3-e5 d2-f2-f4 a3-c5-c7 c4-e6 e1-e3-g5 e2-g4-g6
a2-c2-c4-e2-g4 d3-f5-h5-f7 b1-b3-d3-f5 b2-d4-d6 a5-c5-e7-g7 c3-a5-c5-e7 b4-b6-d8-f6 b5-d7"
scores="$XDG_STATE_HOME/halma/scores.halma"
today=$(date +%Y-%m-%d)

start_game --solo symmetry
wait_for "SOLITAIRE  symmetry"
wait_for "figures found: 0 of 50"
type_moves "b2-d4 a1-b2"
wait_for "No symmetric figure can be reached now: 18 pieces must still move and only 17"
keys H
wait_for "hint: no symmetric figure can be reached now: 18 pieces must still move"
keys U
wait_for "moves 1"
keys U
wait_for "moves 0"
type_moves "$sym"
wait_for "Solved in 19 moves, par 19 (on par); a new figure: 1 found"
keys Escape # the game-over box put away: the panel counts the figure
wait_for "figures found: 1 of 50"
grep -qxF "figure: symmetry 19 $today $(echo $sym)" "$scores" ||
    fail "the scores file lacks the figure: $(cat "$scores")"
save_as symmetry.halma
eng=$(printf 'load %s\nstatus\n' "$TMP/symmetry.halma" | "$HALMA" --engine | sed -n 's/^= //p')
[ "$eng" = "solved 19" ] || fail "the engine reads the saved solve as '$eng'"
keys q
[ "$(wait_exit)" = 0 ] || fail "quitting a solved puzzle failed"

# The same figure again: said so, and counted once.
start_game --solo symmetry
wait_for "figures found: 1 of 50"
type_moves "$sym"
wait_for "figure found before, $today"
keys Escape
wait_for "figures found: 1 of 50"
[ "$(grep -c '^figure: ' "$scores")" = 1 ] || fail "the figure was kept twice: $(cat "$scores")"
keys q
wait_exit >/dev/null

# Nineteen moves with a piece left in the camp: failed, and why.
start_game --solo symmetry
wait_for "SOLITAIRE  symmetry"
type_moves "$(echo $sym | sed 's/ b4-d6-b8$/ b4-b5/')"
wait_for "Failed after 19 moves (the limit): 1 piece left on a square to empty: b5"
keys q
wait_exit >/dev/null

start_game --solo mirror
wait_for "SOLITAIRE  mirror"
wait_for "goal  0/19 filled"
type_moves "$mir"
wait_for "Solved in 19 moves, par 19 (on par); first score for mirror"
[ "$(quit_game)" = 0 ] || fail "exit status not 0"
