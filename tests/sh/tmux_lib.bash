# Shared by the tmux tests: a private tmux server at 80x24, the game in it, and bounded waits
# for screen content (never fixed sleeps). Sourced, not run: its name does not end in .sh.
set -u
SOCK_BASE="halma-test-$$-$RANDOM"
SOCK_COUNT=0
SOCK="$SOCK_BASE-0"
TMP=$(mktemp -d)
STATUS="$TMP/status.0" # where the current session writes halma's exit status
# The player's own files never reach a test: config, saves and scores all live in $TMP.
export HOME="$TMP/home" XDG_STATE_HOME="$TMP/state" XDG_CONFIG_HOME="$TMP/config"
mkdir -p "$HOME"
WAIT_STEPS=200 # 200 x 0.05 s = 10 s at most per wait
[ -n "${SANITIZE:-}" ] && WAIT_STEPS=600

# Ends the current tmux server, first stopping any halma in it (or the copy another user
# runs, under setpriv or runuser) with SIGTERM while its terminal is still there, waiting
# for it boundedly: a sanitizer build checks for leaks at exit, and with its terminal gone
# that check can spin forever.
stop_server() {
    local pids="" pane p
    for pane in $(tmux -L "$SOCK" list-panes -a -F '#{pane_pid}' 2>/dev/null); do
        pids="$pids $(pgrep -s "$pane" -x 'halma(-copy)?')"
    done
    for p in $pids; do kill -TERM "$p" 2>/dev/null; done
    wait_processes_end $pids
    tmux -L "$SOCK" kill-server 2>/dev/null
}

# Waits boundedly for the processes given to end; false while one still runs.
wait_processes_end() {
    local i p alive
    for ((i = 0; i < WAIT_STEPS; i++)); do
        alive=""
        for p in "$@"; do kill -0 "$p" 2>/dev/null && alive=1; done
        [ -z "$alive" ] && return 0
        sleep 0.05
    done
    return 1
}

cleanup() {
    stop_server
    rm -rf "$TMP" 2>/dev/null || { sleep 0.2; rm -rf "$TMP"; }
}
trap cleanup EXIT

# Starts halma with the given options in a fresh 80x24 session; its exit status goes to
# $STATUS when it ends.
start_game() {
    # Each session gets its own server: reusing a socket that is shutting down races.
    stop_server
    SOCK_COUNT=$((SOCK_COUNT + 1))
    SOCK="$SOCK_BASE-$SOCK_COUNT"
    STATUS="$TMP/status.$SOCK_COUNT"
    local cmd="cd '$TMP' && LANG=C.UTF-8 LC_ALL=C.UTF-8 '$HALMA' $*; echo \$? > '$STATUS'; sleep 600"
    tmux -L "$SOCK" -f /dev/null new-session -d -x 80 -y 24 "$cmd"
}

screen() { tmux -L "$SOCK" capture-pane -p; }
cursor_at() { tmux -L "$SOCK" display -p '#{cursor_x} #{cursor_y}'; }
keys() { tmux -L "$SOCK" send-keys "$@"; }

# Waits until the screen shows a fixed string.
wait_for() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        screen | grep -qF -- "$1" && return 0
        sleep 0.05
    done
    echo "timed out waiting for: $1"
    screen
    exit 1
}

# Waits until the screen matches an extended regular expression.
wait_re() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        screen | grep -qE -- "$1" && return 0
        sleep 0.05
    done
    echo "timed out waiting for /$1/"
    screen
    exit 1
}

# Waits until the screen no longer shows a fixed string.
wait_gone() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        screen | grep -qF -- "$1" || return 0
        sleep 0.05
    done
    echo "timed out waiting for this to go: $1"
    screen
    exit 1
}

# Waits for the program to end and prints its exit status.
wait_exit() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        [ -s "$STATUS" ] && { cat "$STATUS"; return 0; }
        sleep 0.05
    done
    echo "timed out waiting for halma to exit" >&2
    screen >&2
    exit 1
}

# Quits with q, answering y if the program asks first, and prints the exit status.
quit_game() {
    keys q
    for ((i = 0; i < WAIT_STEPS; i++)); do
        [ -s "$STATUS" ] && break
        screen | grep -qF "(y/n)" && { keys y; break; }
        sleep 0.05
    done
    wait_exit
}

# Waits for a file to appear.
wait_file() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        [ -s "$1" ] && return 0
        sleep 0.05
    done
    echo "timed out waiting for file $1"
    exit 1
}

# Whether the pane is on the alternate screen (1) or not (0).
alternate() { tmux -L "$SOCK" display -p '#{alternate_on}'; }

# The position string of a saved record, read back by the engine.
record_board() { printf 'load %s\nboard\n' "$1" | "$HALMA" --engine | sed -n 's/^= //p' | tail -1; }

# The piece on a square of a position string ('.' or a player digit) on a board of the size
# given (16 unless said).
piece_at() { # position square [size]
    local board=${1%% *} sq=$2 size=${3:-16}
    local file=$(( $(printf '%d' "'${sq:0:1}") - 97 )) rank=${sq:1}
    local row=$(( size - rank ))
    echo "$board" | cut -d/ -f$((row + 1)) | cut -c$((file + 1))
}

# The screen cell by cell with its colours, read from capture-pane -e: one line a cell,
# "ROW COL BG FG TEXT" (0-based; a colour as its number, d the terminal's own; reverse video
# already applied, the terminal's own colours swapped by it read fg and bg). Byte by byte, so
# that a UTF-8 character is one cell. With "attrs", each line has the cell's underline and
# reverse video before its text: "ROW COL BG FG ATTRS TEXT", ATTRS as "u", "r", "ur" or "-".
screen_cells() {
    tmux -L "$SOCK" capture-pane -e -p -N | LC_ALL=C awk -v attrs="${1:-}" '
BEGIN { fg = "d"; bg = "d"; cont_lo = sprintf("%c", 128); cont_hi = sprintf("%c", 191) }
function sgr(list,   n, p, i, v) {
    gsub(":", ";", list)
    n = split(list, p, ";")
    if (n == 0) { fg = "d"; bg = "d"; rev = 0; ul = 0; return }
    for (i = 1; i <= n; i++) {
        v = p[i] + 0
        if (p[i] == "" || v == 0) { fg = "d"; bg = "d"; rev = 0; ul = 0 }
        else if (v == 7) rev = 1
        else if (v == 27) rev = 0
        else if (v == 4) ul = 1
        else if (v == 24) ul = 0
        else if (v >= 30 && v <= 37) fg = v - 30
        else if (v >= 90 && v <= 97) fg = v - 90 + 8
        else if (v >= 40 && v <= 47) bg = v - 40
        else if (v >= 100 && v <= 107) bg = v - 100 + 8
        else if (v == 39) fg = "d"
        else if (v == 49) bg = "d"
        else if ((v == 38 || v == 48) && p[i + 1] == 5) { if (v == 38) fg = p[i + 2]; else bg = p[i + 2]; i += 2 }
        else if ((v == 38 || v == 48) && p[i + 1] == 2) i += 4
    }
}
{
    row = NR - 1; col = 0; line = $0; len = length(line); i = 1
    while (i <= len) {
        c = substr(line, i, 1)
        if (c == "\033" && substr(line, i + 1, 1) == "[") {
            j = i + 2
            while (j <= len && substr(line, j, 1) !~ /[@-~]/) j++
            if (substr(line, j, 1) == "m") sgr(substr(line, i + 2, j - i - 2))
            i = j + 1
            continue
        }
        if (c >= cont_lo && c <= cont_hi && col > 0) { text[row, col - 1] = text[row, col - 1] c; i++; continue }
        cellbg[row, col] = rev ? (fg == "d" ? "fg" : fg) : bg
        cellfg[row, col] = rev ? (bg == "d" ? "bg" : bg) : fg
        text[row, col] = c
        a = (ul ? "u" : "") (rev ? "r" : ""); attr[row, col] = a == "" ? "-" : a
        col++; i++
    }
    cols[row] = col
}
END {
    for (r = 0; r < NR; r++)
        for (c = 0; c < cols[r]; c++)
            if (attrs != "") print r, c, cellbg[r, c], cellfg[r, c], attr[r, c], text[r, c]
            else print r, c, cellbg[r, c], cellfg[r, c], text[r, c]
}
    '
}

# The squares as drawn, one line a square: "SQUARE BG GLYPH FG DRAWING" (GLYPH - for a
# blank; DRAWING every cell of the square, its rows joined by / and a blank as _, for a piece
# or mark drawn large), after a line "board N W H" (files, and a square's width and height in
# cells). The squares are found from the file letters under the board and the rank numbers
# beside it, each glyph in the middle cell of its square; a square with a cell of another
# background is reported as "uneven SQUARE ROW COL".
board_squares() {
    screen_cells | awk '
    { bg[$1, $2] = $3; fg[$1, $2] = $4; t[$1, $2] = $5; if ($1 + 1 > rows) rows = $1 + 1
      if ($2 + 1 > cols[$1]) cols[$1] = $2 + 1 }
    function first_text(r, from,   c) { for (c = from; c < cols[r]; c++) if (t[r, c] != "") return c; return -1 }
    END {
        for (r = rows - 1; r >= 0 && !letters; r--) {
            a = first_text(r, 0); b = a < 0 ? -1 : first_text(r, a + 1)
            if (a >= 0 && b >= 0 && t[r, a] == "a" && t[r, b] == "b") letters = r + 1
        }
        if (!letters) { print "no file letters"; exit 1 }
        y = letters - 1; w = b - a
        for (n = 0; n < 26 && t[y, a + n * w] == substr("abcdefghijklmnopqrstuvwxyz", n + 1, 1); n++);
        for (r = 0; r < y; r++) {
            label = t[r, 0] t[r, 1] t[r, 2]
            if (label ~ /^[0-9]+$/) rank_row[label + 0] = r
        }
        h = rank_row[1] - rank_row[2]
        print "board", n, w, h
        for (f = 0; f < n; f++)
            for (rank = 1; rank <= n; rank++) {
                gx = a + f * w; gy = rank_row[rank]
                name = substr("abcdefghijklmnop", f + 1, 1) rank
                drawing = ""
                for (dy = 0; dy < h; dy++) {
                    if (dy) drawing = drawing "/"
                    for (dx = 0; dx < w; dx++) {
                        cy = gy - int(h / 2) + dy; cx = gx - int(w / 2) + dx
                        if (bg[cy, cx] != bg[gy, gx]) print "uneven", name, cy, cx
                        drawing = drawing (t[cy, cx] == "" || t[cy, cx] == " " ? "_" : t[cy, cx])
                    }
                }
                print name, bg[gy, gx], (t[gy, gx] == "" ? "-" : t[gy, gx]), fg[gy, gx], drawing
            }
    }'
}

# The glyphs of a 16x16 board at 80x24 drawn in ASCII, read from a screen on standard
# input: one line a screen row of squares, top first, a character a square, left first
# (a square is two columns wide, its glyph at column 5 + 2 * col, its row at 1 + row).
board_rows() { awk 'NR >= 2 && NR <= 17 { s = ""; for (c = 0; c < 16; c++) s = s substr($0, 6 + 2 * c, 1); print s }'; }

# How many of a glyph board_rows' lines (standard input) hold within screen rows r0..r1 and
# columns c0..c1 of squares (0-based, row 0 the top).
glyphs_in() { # glyph r0 r1 c0 c1
    awk -v g="$1" -v r0="$2" -v r1="$3" -v c0="$4" -v c1="$5" '
    NR - 1 >= r0 && NR - 1 <= r1 { for (c = c0; c <= c1; c++) n += substr($0, c + 1, 1) == g }
    END { print n + 0 }'
}

# Clicks the cell at column x, row y (0-based): press then release, as xterm's X10 mouse
# reports them, typed into the pane.
click() {
    local x=$1 y=$2
    local cx cy
    cx=$(printf "\\$(printf '%03o' $((33 + x)))")
    cy=$(printf "\\$(printf '%03o' $((33 + y)))")
    keys -l $'\e[M '"$cx$cy"
    keys -l $'\e[M#'"$cx$cy"
}

# Starts a game of two people at a terminal size, TERM as given; waits for "moves first"
# (START_WAIT: other words, for a game against the computer).
start_sized() { # cols rows term args...
    local cols=$1 rows=$2 term=$3
    shift 3
    stop_server
    SOCK_COUNT=$((SOCK_COUNT + 1))
    SOCK="$SOCK_BASE-$SOCK_COUNT"
    STATUS="$TMP/status.$SOCK_COUNT"
    tmux -L "$SOCK" -f /dev/null new-session -d -x "$cols" -y "$rows" \
        "cd '$TMP' && TERM=$term LANG=C.UTF-8 LC_ALL=C.UTF-8 '$HALMA' --seed 1 --first 1 --seats human,human $*; echo \$? > '$STATUS'; sleep 600"
    wait_for "${START_WAIT:-moves first}"
    wait_settled
}

# Waits until the screen and the terminal's cursor stay the same for a tenth of a second: the
# words waited for may be written before the rest of a redraw and the cursor's last move.
wait_settled() {
    local before now i
    before=$(tmux -L "$SOCK" capture-pane -p -e; cursor_at)
    for ((i = 0; i < WAIT_STEPS; i += 2)); do # as long as any other wait
        sleep 0.1
        now=$(tmux -L "$SOCK" capture-pane -p -e; cursor_at)
        [ "$now" = "$before" ] && return 0
        before=$now
    done
    echo "the screen did not settle"
    screen
    exit 1
}

# The CPU time a process has used, in clock ticks (user and system).
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# Waits (30 s at most) for a process to finish the work under way: a second in which it uses
# at most one clock tick.
wait_idle() { # pid
    local i before
    for ((i = 0; i < 30; i++)); do
        before=$(ticks "$1")
        sleep 1
        [ $(($(ticks "$1") - before)) -le 1 ] && return 0
    done
}

# Fails the test with a message.
fail() { echo "FAIL: $*"; screen; exit 1; }

# Types moves at the prompt, one by one, each checked in the move list (move numbers from 1).
type_moves() { # "moves..."
    local n=0 m
    for m in $1; do
        n=$((n + 1))
        keys ":$m" Enter
        wait_for "$n. $m"
    done
}

# The result of a saved record, as the engine protocol reads it ("winner 2", "playing").
record_status() { printf 'load %s\nstatus\n' "$1" | "$HALMA" --engine | sed -n 's/^= //p' | tail -1; }

# Saves the game through the prompt and waits for the confirmation.
save_as() {
    keys ":save $TMP/$1" Enter
    wait_for "saved to $TMP/$1"
}

# A 16x16 position string from "square:player" words and the player to move.
make_position() { # "c3:1 d4:2" to-move
    local rows=() r f row
    for ((r = 16; r >= 1; r--)); do
        row=""
        for f in a b c d e f g h i j k l m n o p; do
            local c=.
            for w in $1; do [ "${w%%:*}" = "$f$r" ] && c=${w##*:}; done
            row+=$c
        done
        rows+=("$row")
    done
    (IFS=/; echo "${rows[*]} $2")
}

# Two computers play an 8x8 game from the start, and FILE keeps it all but its winning move;
# WINNING is set to that move and WINNER to the player it makes win (the engine names both).
one_move_from_the_end() {
    {
        printf 'newgame size=8 first=1\nlevel 1\nmovetime 50\n'
        for _ in $(seq 400); do echo genmove; done
        printf 'undo\nsave %s\n' "$1"
    } | "$HALMA" --engine >/dev/null
    local answers
    answers=$(printf 'load %s\nstatus\ngenmove\nstatus\n' "$1" | "$HALMA" --engine | sed -n 's/^= //p')
    [ "$(echo "$answers" | sed -n 1p)" = playing ] || fail "the saved game is not one move from its end"
    WINNING=$(echo "$answers" | sed -n 2p)
    WINNER=$(echo "$answers" | sed -n 3p | sed -n 's/^winner \([12]\)$/\1/p')
    [ -n "$WINNER" ] || fail "the last move does not win: $answers"
    echo "8x8 game: player $WINNER wins with $WINNING"
}
