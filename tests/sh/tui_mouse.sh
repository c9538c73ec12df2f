# A mouse click chooses a square as Enter does (xterm X10 mouse reports typed into the pane).
. "$(dirname "$0")/tmux_lib.bash"
start_game --seed 3 --first 1 --seats human,human
wait_for "moves first"
# At 80x24 a square is two columns wide: file f's glyph is at column 5 + 2f, rank r at row 17 - r.
click $((5 + 2 * 3)) $((17 - 3))   # d3
wait_for "selected d3"
click $((5 + 2 * 4)) $((17 - 4))   # e4
wait_for "1. d3-e4"
save_as mouse.halma
b=$(record_board "$TMP/mouse.halma")
[ "$(piece_at "$b" e4)" = 1 ] && [ "$(piece_at "$b" d3)" = . ] || fail "click move not played: $b"
