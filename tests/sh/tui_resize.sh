# A terminal too small says how large it must be; the board comes back when it grows.
. "$(dirname "$0")/tmux_lib.bash"
start_game --seed 2 --first 1
wait_for "a b c d e f g h i j k l m n o p"
tmux -L "$SOCK" resize-window -x 50 -y 15
wait_for "too small"
wait_for "it needs at least 60x20"
tmux -L "$SOCK" resize-window -x 80 -y 24
wait_gone "too small"
wait_for "a b c d e f g h i j k l m n o p"
wait_for "HALMA  16x16"
