# The people at the seats go by the names --names gives them: in the panel, on the turn line,
# in the game-over box and in a saved record; the computer's seats say its level. The new-game
# form dims the lines the other choices leave unused.
. "$(dirname "$0")/tmux_lib.bash"
header() { sed -n "s/^$1: //p" "$2"; }

start_game --first 1 --names alice,bob --seats human,human
wait_re "[>] ?1 alice "
wait_re " 2 bob "
keys ':a5-a6' Enter
wait_for "Player 2 to move (bob)"
save_as named.halma
[ "$(header player1 "$TMP/named.halma")" = alice ] ||
    fail "no player1 header: $(grep '^player' "$TMP/named.halma")"
[ "$(header player2 "$TMP/named.halma")" = bob ] ||
    fail "no player2 header: $(grep '^player' "$TMP/named.halma")"
# The form: seats 3 and 4, the partners' lines and the camps dimmed, and passed over.
keys N
wait_for "New game"
dimmed() { tmux -L "$SOCK" capture-pane -e -p | grep -F "$1" | grep -qE $'\e\\[([0-9;]*;)?2[;m]'; }
for line in "Seat 3" "Seat 4" "Partners       <" "Partners win" "3-player camps"; do
    dimmed "$line" || fail "'$line' is not dimmed"
done
for line in "Seat 2" "Spoiling" "Solitaire"; do
    ! dimmed "$line" || fail "'$line' is dimmed"
done
for ((n = 0; n < 3; n++)); do keys Down; done # the board, seat 1, seat 2
wait_for "> Seat 2"
keys Down
wait_for "> Spoiling"
keys Escape
wait_gone "New game"
quit_game >/dev/null

# The record read back: the names again.
start_game --load "$TMP/named.halma"
wait_re "[ >]1 alice "
wait_re "[>] ?2 bob "
quit_game >/dev/null

# The game-over box: each player by name.
camp="l16 m16 n16 o16 p16 l15 m15 n15 o15 p15 m14 n14 o14 p14 n13 o13 p13 p12"
words="o11:1 a1:2"
for s in $camp; do words="$words $s:1"; done
printf 'setup %s\nsave %s\n' "$(make_position "$words" 1)" "$TMP/end.halma" |
    "$HALMA" --engine >/dev/null
start_game --load "$TMP/end.halma" --seats human,human --names alice,bob
wait_for "Loaded"
keys ':o11-o12' Enter
wait_re "● player 1 \\(alice\\) +1 move "
wait_re "■ player 2 \\(bob\\) +0 moves "
quit_game >/dev/null

# A bad name is refused with a clear message.
out=$("$HALMA" --no-config --names 'a,b#c' --seats human,human 2>&1) && fail "a '#' was taken"
echo "$out" | grep -q "may hold only printable ASCII characters, and no '#'" ||
    fail "no clear message: $out"

# The computer: "computer, level 2", or "level 2" where the panel is narrow.
start_game --first 2 --names alice --seats human,ai:2 --movetime 50
wait_re "[ >]1 alice "
wait_re "2 (computer, )?level 2 "
quit_game >/dev/null
echo ok
