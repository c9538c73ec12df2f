# A game plays at 60x20, the panel folded beside the board: the board whole, the players'
# table and the moves in the panel, moves made with the cursor and typed; 8x8 gets squares of
# two rows there; the computer's seat keeps its level ("L3"). A terminal a column or a row
# smaller says what it needs.
. "$(dirname "$0")/tmux_lib.bash"

start_sized 60 20 tmux-256color
SQUARES=$(board_squares) || fail "the board is not on the screen: $SQUARES"
[ "$(awk '$1 == "board" { print $2, $3, $4 }' <<<"$SQUARES")" = "16 2 1" ] ||
    fail "16x16 at 60x20 is not drawn whole in one-cell squares: $(head -1 <<<"$SQUARES")"
wait_for "HALMA 16x16, 2p"
wait_re "1 human +0/19 "
# Player 1 with the cursor: from the piece it starts on down to a1, then over to d3, and a
# step to e4; player 2 types its move.
for _ in $(seq 20); do keys h j; done
keys l l l k k Enter
wait_for "selected d3"
keys u Enter
wait_for "1. d3-e4"
keys ":p12-p11" Enter
wait_for "1. p12-p11"
save_as small.halma
b=$(record_board "$TMP/small.halma")
[ "$(piece_at "$b" e4)" = 1 ] || fail "e4 does not hold player 1's piece: $b"
[ "$(piece_at "$b" p11)" = 2 ] || fail "p11 does not hold player 2's piece: $b"
# Whose turn, whole: the seat is in the table below.
wait_for "Player 1 to move"
screen | grep -qF "to move…" && fail "the turn line is cut"

# Four players: every seat in the folded table.
start_sized 60 20 tmux-256color --players 4 --seats human,human,human,human
for p in 1 2 3 4; do wait_re "$p human +0/13 "; done

# The computer's seat: its level whole, however short the name.
START_WAIT="You are" start_sized 60 20 tmux-256color --seats human,ai --level 3
wait_re "2 L3 +0/19 "
screen | grep -qF "level…" && fail "the computer's level is cut"

# 8x8: squares of four cells by two rows beside the folded panel.
start_sized 60 20 tmux-256color --size 8
SQUARES=$(board_squares) || fail "the 8x8 board is not on the screen: $SQUARES"
[ "$(awk '$1 == "board" { print $2, $3, $4 }' <<<"$SQUARES")" = "8 4 2" ] ||
    fail "8x8 at 60x20 is not in squares of 4x2: $(head -1 <<<"$SQUARES")"

# 16x16 a column or a row smaller: the notice says what the board needs, and the game comes
# back at 60x20.
start_sized 60 20 tmux-256color
for size in "59 20" "60 19"; do
    tmux -L "$SOCK" resize-window -x "${size% *}" -y "${size#* }"
    wait_for "it needs at least 60x20"
    tmux -L "$SOCK" resize-window -x 60 -y 20
    wait_gone "too small"
    wait_for "HALMA 16x16"
done
