# A move typed at the ':' prompt is played, the AI replies ("Your turn; player 2 played ..."),
# and the saved record holds both; a square off the board is named; Tab completes the
# command word and up brings back the lines entered before; --bell rings on the turn.
. "$(dirname "$0")/tmux_lib.bash"
start_game --seed 7 --first 1 --movetime 200
wait_for "You are"
[ "$(alternate)" = 1 ] || fail "not on the alternate screen"
keys ':c4-c5' Enter
wait_for "1. c4-c5"
wait_re "2 (computer, )?level [0-9] +[0-9]+/19 +1 "
wait_re "Your turn; player 2 played [a-p][0-9]+-[a-p][0-9]+"
[ "$(tmux -L "$SOCK" display -p '#{window_bell_flag}')" = 0 ] || fail "the bell rang without --bell"
save_as typed.halma
b=$(record_board "$TMP/typed.halma")
[ "$(piece_at "$b" c5)" = 1 ] || fail "c5 does not hold player 1's piece: $b"
[ "$(piece_at "$b" c4)" = . ] || fail "c4 is not empty: $b"
[ "${b##* }" = 1 ] || fail "the AI did not reply: $b"
# A bad move is refused with the engine's reason and changes nothing.
keys ':c5-c9' Enter
wait_for "c5-c9: no step or hop chain leads from c5 to c9"
keys ':z9-a1' Enter
wait_for "z9-a1: 'z9' is not a square of the 16x16 board"
# Tab completes a command word, listing the ways when there are several; up brings back.
keys ':sa' Tab
wait_for "save  say  save-defaults"
keys Escape
keys ':rev' Tab
wait_for ":review"
keys C-u
keys Up
wait_for ":z9-a1"
keys Up
wait_for ":c5-c9"
keys Down Down
wait_re "^:$"
keys Escape
keys q
wait_for "Quit? The game is kept for halma --resume (y/n)"
keys y
[ "$(wait_exit)" = 0 ] || fail "exit status not 0"
[ "$(alternate)" = 0 ] || fail "the terminal was left on the alternate screen"
# With --bell the terminal's bell rings when it becomes the person's turn.
start_game --bell --seed 7 --first 1 --movetime 200
wait_for "You are"
[ "$(tmux -L "$SOCK" display -p '#{window_bell_flag}')" = 0 ] || fail "the bell rang at the start"
keys ':c4-c5' Enter
wait_re "Your turn; player 2 played [a-p][0-9]+-[a-p][0-9]+"
[ "$(tmux -L "$SOCK" display -p '#{window_bell_flag}')" = 1 ] || fail "no bell with --bell"
