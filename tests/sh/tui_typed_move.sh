# A move typed at the ':' prompt is played, the AI replies, and the saved record holds both.
. "$(dirname "$0")/tmux_lib.bash"
start_game --seed 7 --first 1 --movetime 200
wait_for "You are"
[ "$(alternate)" = 1 ] || fail "not on the alternate screen"
keys ':c4-c5' Enter
wait_for "1. c4-c5"
wait_re "2 AI [0-9] +[0-9]+/19 +1 "
save_as typed.halma
b=$(record_board "$TMP/typed.halma")
[ "$(piece_at "$b" c5)" = 1 ] || fail "c5 does not hold player 1's piece: $b"
[ "$(piece_at "$b" c4)" = . ] || fail "c4 is not empty: $b"
[ "${b##* }" = 1 ] || fail "the AI did not reply: $b"
# A bad move is refused with the engine's reason and changes nothing.
keys ':c5-c9' Enter
wait_for "c5-c9: no step or hop chain leads from c5 to c9"
keys q
wait_for "Quit? The game is kept for halma --resume (y/n)"
keys y
[ "$(wait_exit)" = 0 ] || fail "exit status not 0"
[ "$(alternate)" = 0 ] || fail "the terminal was left on the alternate screen"
