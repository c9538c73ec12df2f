# A hop chain built hop by hop with the cursor, with one hop taken back on the way.
. "$(dirname "$0")/tmux_lib.bash"
# Player 1's piece on c3; player 2's pieces on d4, e6 and f8 make the chain c3-e5-e7-g9.
pos=$(make_position "c3:1 d4:2 e6:2 f8:2 p16:2" 1)
printf 'setup %s\nsave %s\n' "$pos" "$TMP/start.halma" | "$HALMA" --engine >/dev/null
start_game --load "$TMP/start.halma" --seats human,human
wait_for "Loaded"
for _ in $(seq 16); do keys h j; done
keys l l k k Enter                   # c3
wait_for "selected c3"
keys u u Enter                       # hop to e5
wait_for "c3-e5: hop on"
keys k k Enter                       # hop to e7
wait_for "c3-e5-e7: hop on"
keys BSpace                          # take back the hop to e7
wait_for "took back a hop: at e5"
keys Enter                           # e7 again (the cursor stayed there)
wait_for "c3-e5-e7: hop on"
keys u u Enter                       # g9: no new hop from there, so the move ends
wait_for "1. c3-e5-e7-g9"
save_as chain.halma
b=$(record_board "$TMP/chain.halma")
[ "$(piece_at "$b" g9)" = 1 ] || fail "g9 does not hold the piece: $b"
for sq in c3 e5 e7; do [ "$(piece_at "$b" $sq)" = . ] || fail "$sq is not empty: $b"; done
grep -q 'c3-e5-e7-g9' "$TMP/chain.halma" || fail "the record does not spell the chain"
grep -q '^seats: human human' "$TMP/chain.halma" || fail "the record lacks the seats header"
