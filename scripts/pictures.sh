#!/bin/bash
# Remakes the README's pictures of the real program from tmux captures, so they follow the
# look when it changes: each scene is played in a private tmux server, captured with its
# colours (capture-pane -e) and painted by scripts/capture_png.py as xterm shows it.
#   scripts/pictures.sh [DIR]   the pictures into DIR (docs/pictures by default)
# HALMA picks the program (./halma by default), so the same scenes can show an older build.
# Needs tmux, python3-pil and fonts-dejavu-core: installed with apt-get when run as root.
set -eu
cd "$(dirname "$0")/.."
out=${1:-docs/pictures}
halma=${HALMA:-$PWD/halma}
py=/usr/bin/python3

missing=""
command -v tmux >/dev/null || missing="$missing tmux"
"$py" -c 'import PIL' 2>/dev/null || missing="$missing python3-pil"
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || missing="$missing fonts-dejavu-core"
if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >&2
    else
        echo "pictures.sh: missing$missing; run: sudo apt-get install$missing" >&2
        exit 1
    fi
fi
[ -x "$halma" ] || { echo "pictures.sh: no program at $halma (run make)" >&2; exit 1; }
mkdir -p "$out"

work=$(mktemp -d)
sock="halma-pictures-$$"
# A game still running saves itself as its terminal goes: give it a moment before clearing up.
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$work" 2>/dev/null || { sleep 0.5; rm -rf "$work"; }' EXIT
# The player's own files stay out of the pictures: config, saves and scores live in $work.
export HOME="$work/home" XDG_STATE_HOME="$work/state" XDG_CONFIG_HOME="$work/config"
mkdir -p "$HOME"

# Starts halma in a fresh tmux server of this size, on a terminal of type $term. Each scene
# gets a server of its own: reusing a socket whose server is shutting down races.
term=tmux-256color
scenes=0
start() { # cols rows args...
    local cols=$1 rows=$2
    shift 2
    tmux -L "$sock" kill-server 2>/dev/null || true
    scenes=$((scenes + 1))
    sock="halma-pictures-$$-$scenes"
    tmux -L "$sock" -f /dev/null new-session -d -x "$cols" -y "$rows" \
        "TERM=$term LANG=C.UTF-8 LC_ALL=C.UTF-8 '$halma' $*; sleep 600"
}
keys() { tmux -L "$sock" send-keys "$@"; }

# Waits (at most ten seconds) until the pane shows a text.
wait_for() {
    local i
    for ((i = 0; i < 200; i++)); do
        tmux -L "$sock" capture-pane -p | grep -qF -- "$1" && return 0
        sleep 0.05
    done
    echo "pictures.sh: timed out waiting for '$1'; the pane shows:" >&2
    tmux -L "$sock" capture-pane -p >&2
    exit 1
}

# Types moves at the prompt, each awaited in the move list ("1. e4-g6", each player's moves
# counted: numbers given with the moves, as "1:d3-d4").
moves() {
    local m
    for m in "$@"; do
        keys ":${m#*:}" Enter
        wait_for "${m%%:*}. ${m#*:}"
    done
}

# Moves the cursor to a square of the board from the bottom-left corner and chooses it.
choose() { # file-steps rank-steps
    local i
    for ((i = 0; i < 16; i++)); do keys h j; done
    for ((i = 0; i < $1; i++)); do keys l; done
    for ((i = 0; i < $2; i++)); do keys k; done
    keys Enter
}

# Paints the pane into OUT/NAME.png.
picture() { # name [--light]
    local size i
    # The race meter's figures in ("..." while they are worked out: seconds at 16x16).
    for ((i = 0; i < 150; i++)); do
        tmux -L "$sock" capture-pane -p | grep -q '[0-9]  *\.\.\.$' || break
        sleep 0.2
    done
    sleep 0.2 # the last frame written
    size=$(tmux -L "$sock" display -p '#{pane_width} #{pane_height}')
    tmux -L "$sock" capture-pane -e -p -N >"$work/capture"
    # shellcheck disable=SC2086
    "$py" scripts/capture_png.py "$work/capture" "$out/$1.png" $size "${@:2}"
    echo "$out/$1.png"
}

# Two players on 16x16 at 80x24, a few moves in: the last move's path, a piece chosen with
# its first steps and hops marked.
start 80 24 --seed 1 --first 1 --seats human,human
wait_for "moves first"
moves 1:d3-d4 1:m14-m13 2:c4-e4 2:n13-l13
choose 2 2 # c3
wait_for "selected c3"
picture two-players

# The same game on player 2's screen, turned half round so that player 2's camp is at the
# bottom left (two people at one keyboard under --orientation mover: the view is the mover's),
# player 2 choosing a piece; the cursor keys go the screen's way.
start 80 24 --seed 1 --first 1 --seats human,human --orientation mover
wait_for "moves first"
moves 1:d3-d4 1:m14-m13 2:c4-e4
choose 3 3 # m13
wait_for "selected m13"
picture player-two

# Four players at their camps, each target camp in its player's colour.
start 80 24 --seed 1 --first 1 --players 4 --seats human,human,human,human
wait_for "moves first"
moves 1:d2-e3 1:a13-b12 1:o13-n12 1:o4-n5
picture four-players

# 8x8 at 80x24: five columns by two rows a square, the glyph in the middle.
start 80 24 --seed 1 --first 1 --size 8 --seats human,human
wait_for "moves first"
moves 1:c2-d3 1:f7-e6
choose 1 0 # b1
wait_for "selected b1"
picture eight-by-eight

# The light theme on a light terminal.
start 80 24 --seed 1 --first 1 --theme light --seats human,human
wait_for "moves first"
moves 1:d3-d4 1:m14-m13 2:c4-e4 2:n13-l13
choose 2 2
wait_for "selected c3"
picture light --light

# The Linux console's 8 colours (TERM=linux), four players: not in the README, kept to
# compare the look with fewer colours.
term=linux
start 80 24 --seed 1 --first 1 --players 4 --seats human,human,human,human
wait_for "moves first"
moves 1:d2-e3 1:a13-b12 1:o13-n12 1:o4-n5
picture console
term=tmux-256color

# Review: a game of the computer against itself on 10x10, judged move by move (the chart of
# the race, the costliest moves), shown at player 1's costliest move with the better one.
cmds="newgame size=10\nlevel 2\nnodes 3000\nseed 3"
for ((i = 0; i < 30; i++)); do cmds="$cmds\ngenmove"; done
printf "$cmds\nsave %s\n" "$work/review.halma" | "$halma" --engine >/dev/null
start 80 24 --review "'$work/review.halma'"
wait_for "Move 30 of 30"
judged=0
for ((i = 0; i < 40 && !judged; i++)); do # every position judged: a minute or so
    tmux -L "$sock" capture-pane -p | grep -q "analysing:" || judged=1
    sleep 2
done
keys Tab Enter
wait_for " better"
picture review

# A tournament's standings in the club's lobby at 80x24: a Swiss of seven computer members
# over three rounds, run to its end at a private club in the work directory (its lobby and
# then its server stopped after).
export HALMA_CLUB_DIR="$work/club"
"$halma" --club tournament new evening system=swiss rounds=3 size=8 pace=live:30 >/dev/null
for level in 1 1 2 2 3 3 4; do "$halma" --club tournament join evening "ai:$level" >/dev/null; done
"$halma" --club tournament start evening >/dev/null
for ((i = 0; i < 600; i++)); do
    "$halma" --club tournament standings evening | grep -q ", finished" && break
    sleep 0.2
done
start 80 24 --club
wait_for "HALMA CLUB"
keys ":tournament standings evening" Enter
wait_for ", finished"
picture standings
tmux -L "$sock" kill-server # the lobby first: it would start the club's server again
kill "$(sed -n 's/.*club server \([0-9]*\) serves.*/\1/p' "$HALMA_CLUB_DIR/club.log" | tail -1)"
