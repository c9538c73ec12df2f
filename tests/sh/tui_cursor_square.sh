# The square under the cursor stands out from the squares around it in every theme, with 256
# colours, with 8 and without colour: read back from capture-pane -e, its cells have another
# background (or, without colour, reverse video or underline) than each neighbour's, on a piece, on an empty square, in a
# camp and out of it, on one-cell squares and on squares drawn large.
. "$(dirname "$0")/tmux_lib.bash"

# Fails unless the cursor's square differs from each of the eight squares around it (the
# diagonal ones in its own shade): the cell left of the terminal's cursor (the square's own, on
# every size of square) against the same cell of each neighbour.
check_cursor_apart() { # square-width square-height what
    local w=$1 h=$2 x y
    read -r x y < <(tmux -L "$SOCK" display -p '#{cursor_x} #{cursor_y}')
    local out
    out=$(screen_cells attrs | awk -v x=$((x - 1)) -v y="$y" -v w="$w" -v h="$h" '
        { bg[$1, $2] = $3 " " $5 }
        END {
            here = bg[y, x]
            n = 0
            for (dx = -w; dx <= w; dx += w)
                for (dy = -h; dy <= h; dy += h) {
                    if ((dx == 0 && dy == 0) || !((y + dy, x + dx) in bg)) continue
                    n++
                    if (bg[y + dy, x + dx] == here) print "alike", x + dx, y + dy, here
                }
            if (n < 3) print "no neighbours read"
        }')
    [ -z "$out" ] || fail "$3: the cursor's square (cell $((x - 1)),$y) is not apart: $out"
}

# Sends cursor keys and waits until the terminal's cursor has moved by columns and rows.
move_cursor() { # columns rows keys...
    local dx=$1 dy=$2 x y i
    shift 2
    read -r x y < <(cursor_at)
    keys "$@"
    for ((i = 0; i < WAIT_STEPS; i++)); do
        [ "$(cursor_at)" = "$((x + dx)) $((y + dy))" ] && return 0
        sleep 0.05
    done
    fail "the cursor did not move by $dx,$dy from $x,$y: at $(cursor_at)"
}

for theme in dark light contrast mono; do
    for term in tmux-256color linux; do
        what="$theme on $term"
        # 16x16 at 80x24: one-cell squares. The cursor starts on a piece in player 1's camp.
        # (the light theme on the Linux console says instead that it draws with the dark one's)
        wait_words="moves first"
        [ "$term/$theme" = linux/light ] && wait_words="No light background on the Linux console"
        START_WAIT=$wait_words start_sized 80 24 "$term" --theme "$theme"
        check_cursor_apart 2 1 "$what, on a piece"
        move_cursor 0 -6 k k k k k k
        check_cursor_apart 2 1 "$what, on an empty square"
        # Into player 2's camp (its target camp: empty squares with dots, then pieces).
        move_cursor 18 -6 l l l l l l l l l k k k k k k
        check_cursor_apart 2 1 "$what, in a camp"
    done
    # 8x8 at 80x24: squares of five cells by two rows, a piece drawn large under the cursor.
    start_sized 80 24 tmux-256color --theme "$theme" --size 8
    check_cursor_apart 5 2 "$theme on 8x8, on a piece"
    move_cursor 0 -6 k k k
    check_cursor_apart 5 2 "$theme on 8x8, on an empty square"
done

# The mark that moves with the cursor costs no more than two squares' backgrounds: moving it
# over empty squares changes no other cell.
start_sized 80 24 tmux-256color
move_cursor 0 -6 k k k k k k
before=$(screen_cells | awk '{ print $1, $2, $3 }' | sort)
move_cursor 2 0 l
after=$(screen_cells | awk '{ print $1, $2, $3 }' | sort)
changed=$(comm -3 <(echo "$before") <(echo "$after") | wc -l)
# Two cells of the square left and two of the square reached, each seen before and after.
[ "$changed" -le 8 ] || fail "a cursor step changed $((changed / 2)) cells' backgrounds"
