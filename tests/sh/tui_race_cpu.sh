# The race meter's cost where players meet it: ten moves between two people on 16x16 (the
# moves of a game the computer plays itself), the panel's figures worked out after each;
# the game's CPU time per move, read from /proc, is printed, and must stay far below the
# seconds a move of the old meter took (a whole second at most for the ten: it is some 25 ms
# a move on a quiet machine).
. "$(dirname "$0")/tmux_lib.bash"

moves=$({
    echo "newgame players=2 size=16"
    echo "level 1"
    echo "nodes 3000"
    echo "seed 4"
    for ((i = 0; i < 10; i++)); do echo genmove; done
} | "$HALMA" --engine | sed -n 's/^= \([a-p][0-9].*\)/\1/p' | tr '\n' ' ')
[ "$(wc -w <<<"$moves")" = 10 ] || fail "the computer's game gave no ten moves: $moves"
start_sized 80 24 xterm-256color --size 16
wait_for "to go"
pid=$(pgrep -P "$(tmux -L "$SOCK" list-panes -F '#{pane_pid}')" -x halma)
before=$(ticks "$pid")
n=0
for m in $moves; do
    keys ":$m" Enter
    wait_for "$((n / 2 + 1)). $m"
    n=$((n + 1))
done
sleep 1 # the last figures
used=$(($(ticks "$pid") - before))
hz=$(getconf CLK_TCK)
echo "race meter in play: $((used * 1000 / hz / 10)) ms of CPU a move over ten moves (whole game process)"
# The sanitizer's build runs some ten times slower: there the bound is ten times wider.
most=$hz
[ -n "${SANITIZE:-}" ] && most=$((10 * hz))
[ "$used" -le "$most" ] || fail "ten moves cost $used clock ticks of CPU"
quit_game
echo "tui race cpu ok"
