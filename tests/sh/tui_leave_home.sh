# Rules that end a game warn first and say how they ended it: the leave-home deadline is
# counted down in the panel over its last moves, and the game-over box says who still had
# how many pieces at home after which move; a win under fill with an opponent's piece left
# in the camp says that the piece counted. The records say the same through the engine.
. "$(dirname "$0")/tmux_lib.bash"
# Two people at one keyboard on 8x8, the deadline after each one's third move; at 100
# columns the panel has room for the warning's long form (tui_messages checks the short one).
start_game --size 8 --evacuate 3 --first 1 --seats human,human
tmux -L "$SOCK" resize-window -x 100 -y 30
wait_for "Player 1 moves first"
wait_re "● +leave home: 10 pieces, 3 moves left"
wait_re "■ +leave home: 10 pieces, 3 moves left"
keys ':d1-e2' Enter
wait_for "1. d1-e2"
keys ':e8-d7' Enter
wait_for "1. e8-d7"
keys ':c2-d3' Enter
wait_for "2. c2-d3"
wait_re "● +leave home: 8 pieces, 1 move left"
wait_re "■ +leave home: 9 pieces, 2 moves left"
keys ':f7-e6' Enter
wait_for "2. f7-e6"
keys ':b3-c4' Enter # player 1's third move leaves seven pieces at home
wait_for "Game over"
wait_for "Player 2 wins"
wait_for "Player 1 still had 7 pieces at home after move 3"
wait_for "(the leave-home rule)"
wait_re "● player 1 +3 moves +[0-9]+:[0-9]{2}"
wait_re "■ player 2 +2 moves +[0-9]+:[0-9]{2}"
wait_for "r review  s save  N new game  U undo  q quit"
keys s
wait_for "Tab complete"
keys "$TMP/lost.halma" Enter
wait_for "saved to $TMP/lost.halma"
[ "$(record_status "$TMP/lost.halma")" = "winner 2" ] || fail "the record does not say player 2 won"
[ "$(piece_at "$(record_board "$TMP/lost.halma")" c4 8)" = 1 ] || fail "the record lacks b3-c4"
! screen | grep -q "leave home:" || fail "a finished game still warns"
# The same key reviews the game once it is over; U undoes back into it.
keys r
wait_for "Move 5 of 5"
wait_for "Player 1: 3. b3-c4"
keys Left
wait_for "Move 4 of 5"
wait_re "● +leave home: 8 pieces, 1 move left" # as it stood then
keys q
wait_gone "Move 4 of 5"
keys U
wait_gone "Game over"
wait_re "● +leave home: 8 pieces, 1 move left"

# Under fill, player 2's piece left on g7 fills a square: player 1 wins with d7-e8, and the
# box says why.
pos=".....111/...1.121/......11/.......1/......../......../......../2....... 1"
printf 'newgame size=8 spoil=fill\nsetup %s\nsave %s\n' "$pos" "$TMP/fill.halma" | "$HALMA" --engine >/dev/null
start_game --load "$TMP/fill.halma" --seats human,ai:1 --movetime 100
wait_for "You: ● to the top right camp (h8)" # a loaded game: where you go, in the panel
keys ':d7-e8' Enter
wait_for "You win"
wait_for "You filled the top right camp (h8): under spoil=fill"
wait_for "a camp full of pieces wins, and player 2's piece"
wait_for "left there (g7) counts"
save_as won.halma
[ "$(record_status "$TMP/won.halma")" = "winner 1" ] || fail "the fill win is not player 1's"
