# The cursor stops at the edge, moves by hjkl and yubn, and Enter plays a step.
. "$(dirname "$0")/tmux_lib.bash"
start_game --seed 3 --first 1 --seats human,ai:1 --movetime 200
wait_for "You are"
for _ in $(seq 20); do keys h j; done  # far past the corner: the cursor must stop at a1
keys l l l k k                         # a1 -> d3
keys Enter
wait_for "selected d3"
keys u Enter                           # the diagonal step d3-e4
wait_for "1. d3-e4"
wait_re "2 (computer, )?level [0-9] +[0-9]+/19 +1 "
save_as cursor.halma
b=$(record_board "$TMP/cursor.halma")
[ "$(piece_at "$b" e4)" = 1 ] || fail "e4 does not hold player 1's piece: $b"
[ "$(piece_at "$b" d3)" = . ] || fail "d3 is not empty: $b"
