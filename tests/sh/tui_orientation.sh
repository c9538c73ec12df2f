# Your side at the bottom: one person at the keyboard sees their own camp at the bottom left
# (half round for player 2 of 2, quarter turns at 4 players), the coordinates where they
# fall; several people keep player 1's view unless --orientation mover; f turns the view; a
# click lands on the square under it and the cursor keys go the screen's way.
. "$(dirname "$0")/tmux_lib.bash"
glyph=(@ O X '#') # each seat's pieces in ASCII

# Each of four players alone against the computer: their 13 pieces in the 4x4 squares at
# the bottom left, and beside the bottom row the coordinate of their home corner.
corner_label=(1 a 16 p)
for p in 1 2 3 4; do
    seats=ai:1,ai:1,ai:1,ai:1
    seats=$(echo "$seats" | awk -F, -v p=$p '{ $p = "human"; OFS = ","; print }' OFS=,)
    start_game --ascii --seed 1 --players 4 --seats "$seats" --first $p
    wait_for "Your turn"
    n=$(screen | board_rows | glyphs_in "${glyph[p - 1]}" 12 15 0 3)
    [ "$n" = 13 ] || fail "player $p sees $n of 13 pieces at the bottom left"
    label=$(screen | sed -n 17p | cut -c1-3 | tr -d ' ')
    [ "$label" = "${corner_label[p - 1]}" ] || fail "player $p's bottom row is labelled '$label'"
    screen | grep -qF "to the top right camp" || fail "player $p is not told the top right"
done
echo "four players: each sees their own camp at the bottom left"
# Player 4's view (p1 at the bottom left): the ranks run 1 to 16 under the board, each of two
# digits written down its column, tens above units.
screen | sed -n 18p | grep -q '^     1 2 3 4 5 6 7 8 9 1 1 1 1 1 1 1' || fail "the ranks under the board"
screen | sed -n 19p | grep -q '^                       0 1 2 3 4 5 6' || fail "the ranks' units"

# f turns the view a quarter at 4 players: player 4 (the last game) sees player 1's camp
# come to the bottom left after one turn, and its own back after four.
keys f
wait_for "board turned"
[ "$(screen | board_rows | glyphs_in '@' 12 15 0 3)" = 13 ] || fail "f did not turn a quarter"
[ "$(screen | sed -n 17p | cut -c1-3 | tr -d ' ')" = 1 ] || fail "f: the bottom row's label"
keys f f f
wait_for "a1 at the top left"
[ "$(screen | board_rows | glyphs_in '#' 12 15 0 3)" = 13 ] || fail "four f are not a whole turn"
echo "f turns the view a quarter at 4 players"

# Two people at one keyboard: player 1's view stays, after player 2's move too.
start_game --ascii --seed 1 --first 2 --seats human,human
wait_for "moves first"
[ "$(screen | board_rows | glyphs_in '@' 11 15 0 4)" = 19 ] || fail "two people: not player 1's view"
keys ':m14-m13' Enter
wait_for "1. m14-m13"
[ "$(screen | board_rows | glyphs_in '@' 11 15 0 4)" = 19 ] || fail "two people: the view moved"
# Under --orientation mover it turns to each in turn.
start_game --ascii --seed 1 --first 1 --seats human,human --orientation mover
wait_for "moves first"
[ "$(screen | board_rows | glyphs_in '@' 11 15 0 4)" = 19 ] || fail "mover: player 1's view first"
keys ':d3-e4' Enter
wait_for "1. d3-e4"
[ "$(screen | board_rows | glyphs_in 'O' 11 15 0 4)" = 19 ] || fail "mover: not player 2's view"
wait_for "Player 2's turn (O), to the top right camp (a1)"
# f turns a half at 2 players: player 2's camp goes to the top right.
keys f
wait_for "board turned"
[ "$(screen | board_rows | glyphs_in 'O' 0 4 11 15)" = 19 ] || fail "f at 2 players: not a half turn"
echo "several people: the view stays, or turns to the mover"

# Clicks the square at a screen column and row of squares, checks it selected FROM, then
# presses KEY and Enter and checks that the step FROM-TO was played, in the record too.
click_and_step() { # col row from key to
    click $((5 + 2 * $1)) $((1 + $2))
    wait_for "selected $3"
    keys "$4" Enter
    wait_for "$3-$5"
    save_as "$3.halma"
    b=$(record_board "$TMP/$3.halma")
    [ "$(piece_at "$b" "$5")" = 2 ] && [ "$(piece_at "$b" "$3")" = . ] || fail "$3-$5 not played: $b"
}

# Player 2 alone, the board half round: a click on the screen cell of m14 (column 3, row 13
# of squares) selects m14; up on the screen is towards rank 1, so k then Enter steps to m13.
start_game --ascii --seed 1 --first 2 --seats ai:1,human
wait_for "Your turn"
[ "$(screen | board_rows | glyphs_in 'O' 11 15 0 4)" = 19 ] || fail "player 2 of 2: not half round"
click_and_step 3 13 m14 k m13
echo "half round: a click and the cursor keys land where they point"

# Player 2 of 4, turned a quarter (a16 at the bottom left): the cell of column 2, row 13 of
# squares is c14; right on the screen is towards rank 1, so l then Enter steps to c13.
start_game --ascii --seed 1 --players 4 --first 2 --seats ai:1,human,ai:1,ai:1
wait_for "Your turn"
click_and_step 2 13 c14 l c13
echo "a quarter round: a click and the cursor keys land where they point"
