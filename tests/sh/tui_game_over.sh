# The winning move ends the game: the result shows, 'u' undoes back into the game, and 'n'
# opens the new-game form, which starts a new game.
. "$(dirname "$0")/tmux_lib.bash"
# Player 1 fills its target camp (p16) but for o12; its piece on o11 steps in and wins.
camp="l16 m16 n16 o16 p16 l15 m15 n15 o15 p15 m14 n14 o14 p14 n13 o13 p13 p12"
words="o11:1 a1:2"
for s in $camp; do words="$words $s:1"; done
pos=$(make_position "$words" 1)
printf 'setup %s\nsave %s\n' "$pos" "$TMP/end.halma" | "$HALMA" --engine >/dev/null
start_game --load "$TMP/end.halma" --seats human,ai --movetime 200
wait_for "Loaded"
keys ':o11-o12' Enter
wait_for "Game over: Player 1 wins"
wait_for "n new game"
save_as won.halma
grep -q '^result: winner 1' "$TMP/won.halma" || fail "the record does not say player 1 won"
keys u
wait_for "undone: player 1 to move"
wait_gone "Game over"
keys ':o11-o12' Enter
wait_for "Game over: Player 1 wins"
keys n
wait_for "New game"
wait_for "Players"
keys Enter
wait_for "New game: player"
wait_for "HALMA  16x16, 2 players"
