# Undo takes back the human's move and the AI's reply; redo replays; '?' shows help.
. "$(dirname "$0")/tmux_lib.bash"
start_game --seed 5 --first 1 --movetime 200
wait_for "You are"
keys ':b5-b6' Enter
wait_for "1. b5-b6"
wait_re "2 (computer, )?level [0-9] +[0-9]+/19 +1 "
keys U
wait_for "undone: player 1 to move"
wait_gone "1. b5-b6"
save_as undone.halma
b=$(record_board "$TMP/undone.halma")
start=$(printf 'newgame\nboard\n' | "$HALMA" --engine | sed -n 's/^= //p' | tail -1)
[ "$b" = "$start" ] || fail "undo did not go back to the start: $b"
keys R
wait_for "1. b5-b6"
save_as redone.halma
[ "$(piece_at "$(record_board "$TMP/redone.halma")" b6)" = 1 ] || fail "redo did not replay b5-b6"
keys '?'
wait_for "Keys (page 1 of 2"
wait_for "Marks: + first step or hop, ∘ a chain's end, × the last move" # as the board draws them
keys Tab # the rules that end games, with this game's settings
wait_for "Rules (page 2 of 2)"
wait_for "(this game: by move 60)"
keys Escape
wait_gone "Rules (page 2 of 2)"
wait_for "a b c d e f g h"
# A hint asks the AI and marks its move.
keys H
wait_re "hint: [a-p][0-9]+-[a-p][0-9]+"
