# The board reads without colour or Unicode: ASCII glyphs per player with --ascii, in a
# non-UTF-8 locale and on a vt100; Unicode glyphs in a UTF-8 locale; larger squares on a
# larger terminal.
. "$(dirname "$0")/tmux_lib.bash"
start_game --ascii --seed 1 --first 1 --players 4
wait_for "HALMA  16x16, 4 players"
screen | grep -qE '^  1  @ @ @ @' || fail "player 1's '@' pieces not on rank 1"
screen | grep -qE '^ 16  O O O O' || fail "player 2's 'O' pieces not on rank 16"
screen | grep -qE 'X X X X *$|X X X X  ' || fail "no 'X' pieces for player 3"
screen | grep -q '# # # #' || fail "no '#' pieces for player 4"
screen | grep -q '     a b c d e f g h i j k l m n o p' || fail "files not along the bottom"

# No colour and an old terminal: same glyphs, still a board.
stop_server
SOCK_COUNT=$((SOCK_COUNT + 1))
SOCK="$SOCK_BASE-$SOCK_COUNT"
STATUS="$TMP/status.$SOCK_COUNT"
tmux -L "$SOCK" -f /dev/null new-session -d -x 80 -y 24 \
    "TERM=vt100 NO_COLOR=1 LANG=C LC_ALL=C '$HALMA' --seed 1 --first 1; echo \$? > '$STATUS'; sleep 600"
wait_for "HALMA  16x16, 2 players"
screen | grep -qE '^  1  @ @ @ @' || fail "vt100: no ASCII pieces"
keys q
[ "$(wait_exit)" = 0 ] || fail "vt100: quit failed"

# A UTF-8 locale gets the Unicode glyphs.
start_game --seed 1 --first 1
wait_for "HALMA"
screen | grep -q '●' || fail "no Unicode glyph in a UTF-8 locale"

# A larger terminal: larger squares (five columns by two rows), the glyph in the middle column.
tmux -L "$SOCK" resize-window -x 120 -y 40
wait_for "      a    b    c    d    e"
