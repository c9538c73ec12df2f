# The new-game form explains itself: every value shown as what it is (no "default"), a
# sentence for the chosen line's value, the sides of a partnership drawn out; starting a
# game over one in progress asks first, and keeps that one in the saves folder.
. "$(dirname "$0")/tmux_lib.bash"
start_game --first 1 --seats human,human
wait_for "Player 1 moves first"
keys N
wait_for "Evacuate by    < 60 (the 16x16 board's) >"
! screen | grep -q "< default" || fail "the form still says default"
wait_for "How many play: 2, 3 or 4; three and four play on the 16x16 board."
keys Down
wait_for "The classic board: 19 pieces each for two players, 13 for four."
keys Right # 10x10: the deadline follows the board
wait_for "Evacuate by    < 50 (the 10x10 board's) >"
wait_for "Spoiling       < strict (the 10x10 board's) >" # and so does the spoil rule
wait_for "A smaller board, 15 pieces each: a shorter game for two."
keys Left
for ((n = 0; n < 3; n++)); do keys Down; done # to Spoiling, past seats 3 and 4
wait_for "> Spoiling       < fill (the 16x16 board's) >"
wait_for "A full target camp wins if one piece in it is yours;"
keys Right Right
wait_for "> Spoiling       < strict >"
wait_for "Every square of the target camp must hold your own piece."
keys Left Left
# Four players, partners opposite: the sides drawn beside the line.
keys Up Up Up Up Right Right # Players: 4
wait_for "Players        < 4 >"
for ((n = 0; n < 9; n++)); do keys Down; done # to Partners
wait_for "> Partners       < none >"
wait_for "Every player for itself."
keys Right
wait_for "Four players in two sides: 1 and 3 against 2 and 4."
wait_re "< opposite > +● ?1 \\+ ▲ ?3 against ■ ?2 \\+ ◆ ?4"
keys Right
wait_re "< adjacent > +● ?1 \\+ ■ ?2 against ▲ ?3 \\+ ◆ ?4"
keys Escape
wait_gone "New game"
# A game in progress: Enter asks; n goes back to the form, y keeps the game and starts anew.
keys ':a5-a6' Enter
wait_for "1. a5-a6"
keys N
wait_for "New game"
keys Enter
wait_for "Start a new game? The one in progress is kept in your saves (y/n)"
keys n
wait_for "Not started: the game in progress goes on"
wait_for "New game"
keys Enter
wait_for "Start a new game? The one in progress is kept in your saves (y/n)"
keys y
wait_re "The game before is kept in your saves as game-[0-9]{8}-[0-9]{6}"
wait_gone "1. a5-a6"
kept=$(ls "$XDG_STATE_HOME"/halma/saves/game-*.halma)
[ "$(piece_at "$(record_board "$kept")" a6)" = 1 ] || fail "the game replaced was not kept: $kept"
