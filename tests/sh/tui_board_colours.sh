# The board's colours as a terminal shows them, read back from capture-pane -e: every cell of a
# square in the square's background (the column left of the glyph included, so the glyph sits
# in its square's middle), light and dark squares apart, camps not in play untinted, each
# target camp in its player's colour; at 80x24 and larger, on 16x16 and 8x8, with 256 colours
# and with the Linux console's 8 (where the light theme is drawn as the dark one, and says so).
. "$(dirname "$0")/tmux_lib.bash"

SQUARES=""
# Reads the board once the screen shows it; fails on an uneven square.
read_board() {
    SQUARES=$(board_squares) || fail "the board is not on the screen: $SQUARES"
    if grep -q '^uneven' <<<"$SQUARES"; then
        fail "cells of a square in another background: $(grep '^uneven' <<<"$SQUARES" | head -3)"
    fi
}
field() { awk -v s="$1" -v n="$2" '$1 == s { print $n }' <<<"$SQUARES"; }
bg_of() { field "$1" 2; }
glyph_of() { field "$1" 3; }
fg_of() { field "$1" 4; }

# The board drawn with files and squares of this size.
check_shape() { # files width height
    [ "$(field board 2) $(field board 3) $(field board 4)" = "$1 $2 $3" ] ||
        fail "expected $1 files of $2x$3 cells, read: $(field board 2) files of $(field board 3)x$(field board 4)"
}

# Squares outside every camp: each in the colour of its shade, e5 (dark) or e6 (light), and
# the two shades apart.
check_checkered() { # squares...
    local dark light s f r
    dark=$(bg_of e5) light=$(bg_of e6)
    [ -n "$dark" ] && [ "$dark" != "$light" ] || fail "light and dark squares alike: e5 $dark, e6 $light"
    for s in "$@"; do
        f=$(($(printf '%d' "'${s:0:1}") - 97)) r=$((${s:1} - 1))
        if (((f + r) % 2 == 0)); then want=$dark; else want=$light; fi
        [ "$(bg_of "$s")" = "$want" ] || fail "$s is in $(bg_of "$s"), not its shade's $want"
    done
}

# The squares of a region of files and ranks.
region() { # files ranks
    local f r
    for f in $1; do for r in $2; do printf '%s%s ' "$f" "$r"; done; done
}

# An empty square of player p's target camp shows a dot in p's colour, read from a piece of
# p's on another square.
check_target_dot() { # empty-square piece-square
    [ "$(glyph_of "$1")" = "·" ] || fail "$1 shows '$(glyph_of "$1")', not a dot"
    [ "$(fg_of "$1")" = "$(fg_of "$2")" ] ||
        fail "the dot on $1 is in $(fg_of "$1"), the player's piece on $2 in $(fg_of "$2")"
}

# Player 1 plays e1-f1 and player 2 p12-p11, each leaving a square of the other's target
# camp; then player 1 f1-g1, so that the last move's mark is off the camps.
play_pair() {
    keys ":e1-f1" Enter
    wait_for "1. e1-f1"
    keys ":p12-p11" Enter
    wait_for "1. p12-p11"
    keys ":f1-g1" Enter
    wait_for "2. f1-g1"
}

middle16=$(region "e f g h i j k l" "5 6 7 8 9 10 11 12")

# 16x16 at 80x24: squares of 2x1, checkered; the two small camps are not in play.
start_sized 80 24 tmux-256color
read_board
check_shape 16 2 1
check_checkered $middle16 $(region "a b c d" "13 14 15 16") $(region "m n o p" "1 2 3 4")
# Each player's target camp tinted (light squares) apart from the board and from the other's.
[ "$(bg_of o16)" != "$(bg_of e6)" ] || fail "player 1's target camp (o16) is not tinted"
[ "$(bg_of a2)" != "$(bg_of e6)" ] || fail "player 2's target camp (a2) is not tinted"
[ "$(bg_of o16)" != "$(bg_of a2)" ] || fail "both target camps in one colour"
# A square left empty in a target camp shows a dot in the colour of the player heading there.
play_pair
read_board
check_target_dot p12 a1
check_target_dot e1 p16
[ "$(glyph_of g1)" = "●" ] && [ "$(fg_of g1)" = "$(fg_of a1)" ] || fail "g1 does not hold player 1's piece"

# 16x16 on a larger terminal: 7x3 squares, the glyph in the middle.
start_sized 150 60 tmux-256color
read_board
check_shape 16 7 3
check_checkered $middle16 $(region "a b c d" "13 14 15 16")

# 8x8 at 80x24 (5x2 squares) and larger (7x3): checkered, both camps tinted, each piece drawn
# large in the middle of its square.
for size in "80 24 5 2 _▗▄▖_/_▜█▛_" "120 40 7 3 __▄▄▄__/_█████_/__▀▀▀__"; do
    set -- $size
    start_sized "$1" "$2" tmux-256color --size 8
    read_board
    check_shape 8 "$3" "$4"
    [ "$(field a1 5)" = "$5" ] || fail "a1's piece on ${3}x$4 squares is drawn '$(field a1 5)', not '$5'"
    check_checkered $(region "c d e f" "3 4 5 6")
    [ "$(bg_of g8)" != "$(bg_of e6)" ] || fail "player 1's target camp on 8x8 is not tinted"
done

# Three players: player 2 heads for the empty corner at p1, marked with its dots.
start_sized 80 24 tmux-256color --players 3 --seats human,human,human
read_board
check_target_dot p1 a16
check_target_dot m1 a16
[ "$(bg_of n1)" != "$(bg_of e6)" ] || fail "player 2's empty target camp is not tinted"

# 8 colours (the Linux console): black and blue squares, every cell painted, no tint to
# spare, so the target camps are marked by their dots alone.
start_sized 80 24 linux
read_board
check_shape 16 2 1
check_checkered $middle16 $(region "a b c d" "13 14 15 16")
play_pair
read_board
check_target_dot p12 a1
check_target_dot e1 p16

# The light theme on the Linux console, which has no light background: the screen as the
# dark theme draws it, and the status line says so once.
start_sized 80 24 linux --theme dark
dark=$(tmux -L "$SOCK" capture-pane -e -p | head -21)
START_WAIT="No light background on the Linux console" start_sized 80 24 linux --theme light
[ "$(tmux -L "$SOCK" capture-pane -e -p | head -21)" = "$dark" ] ||
    fail "the light theme on the Linux console is not drawn with the dark theme's colours"
keys ":e1-f1" Enter
wait_for "1. e1-f1"
if screen | grep -q "No light background"; then fail "the Linux console's note stays on"; fi
start_sized 80 24 tmux-256color --theme light
if screen | grep -q "No light background"; then fail "the note is said where light is drawn"; fi
