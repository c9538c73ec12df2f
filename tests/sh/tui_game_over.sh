# The winning move ends the game: a box says who won in the player's words and by which rule,
# with each player's moves and time and the keys that go on; they mean what they mean in
# play: U undoes back into the game, N opens the new-game form, r reviews, Esc puts the box
# away and u and n stay cursor keys.
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
wait_for "Game over: You win"
wait_for "You filled the top right camp (p16)"
wait_re "● you +1 move +[0-9]+:[0-9]{2}"
wait_re "■ player 2 \\((computer, )?level 3\\) +0 moves +[0-9]+:[0-9]{2}"
wait_for "r review  s save  N new game  U undo  q quit"
save_as won.halma
[ "$(record_status "$TMP/won.halma")" = "winner 1" ] || fail "the record does not say player 1 won"
# Esc puts the box away; u and n move the cursor as in play.
keys Escape
wait_gone "Esc: the board"
wait_for "Game over: You win" # the panel keeps it
keys u n
! screen | grep -q "undone" || fail "u undid at game over"
keys U
wait_for "undone: player 1 to move"
wait_gone "Game over"
keys ':o11-o12' Enter
wait_for "Game over: You win"
keys N
wait_for "New game"
wait_for "Players"
keys Enter
wait_for "You are ● player 1"
wait_for "HALMA  16x16, 2 players"
