# A record of a game resigned opens finished: --load shows the game-over box with the
# resignation and the players' names from the record; --review opens at its end.
. "$(dirname "$0")/tmux_lib.bash"
cat > "$TMP/resigned.halma" <<'REC'
# halma game record
players: 2
size: 16
player1: alice
player2: bob
result: winner 2 by resign

1. a5-a6 p12-p11
2. b5-b6
REC
[ "$(record_status "$TMP/resigned.halma")" = "winner 2" ] || fail "the engine reads no resignation"
start_game --load "$TMP/resigned.halma"
wait_for "You lose: player 2 wins"
wait_for "You resigned"
wait_for "player 2 (bob)"
wait_for "1 alice"
! screen | grep -q "to move" || fail "a resigned game is shown as going on"
quit_game
start_game --review "$TMP/resigned.halma"
wait_for "Move 3 of 3"
wait_for "2 bob"
quit_game
