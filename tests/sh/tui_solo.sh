# Solitaire in the front end: --solo starts a puzzle; typed moves, the cursor, undo, redo and
# a hint play as in a game; :save writes the puzzle's record the engine reads back; a hangup
# autosaves the puzzle and --resume (and --load) continue it; a bad puzzle name exits 2.
. "$(dirname "$0")/tmux_lib.bash"
out=$("$HALMA" --solo no-such-puzzle 2>&1 </dev/null)
[ $? = 2 ] || fail "an unknown puzzle did not exit 2"
echo "$out" | grep -q "crossing crossing-13 crossing-10x10 crossing-8x8 symmetry mirror symmetry-a16p1" ||
    fail "the puzzle names are not listed: $out"
"$HALMA" --help | grep -q -- "--solo \[PUZZLE\]" || fail "--help lacks --solo"

# The opening line fits 80 columns; the goal is written out whole beside the board.
start_game --solo
wait_for "SOLITAIRE  crossing"
wait_for "Solitaire crossing; par 44"
wait_for "into the camp at p16"
! screen | grep -q '…$' || fail "--solo: a line cut short: $(screen | grep '…$')"
[ "$(quit_game)" = 0 ] || fail "--solo: exit status not 0"

start_game --solo crossing-8x8
wait_for "SOLITAIRE  crossing-8x8"
wait_for "par   18"
wait_for "moves 0"
wait_for "Playing"
keys ':b1-d3' Enter
wait_for "1. b1-d3"
keys ':b2-d2-d4' Enter
wait_for "2. b2-d2-d4"
wait_for "moves 2"
# A move that is not legal is refused in the engine's words and changes nothing.
keys ':d4-d8' Enter
wait_for "d4-d8: no step or hop chain leads from d4 to d8"
keys U
wait_for "undone: 1 moves made"
wait_for "moves 1"
keys R
wait_for "2. b2-d2-d4"
keys U
wait_for "moves 1"
# The cursor: the piece on a3 (the cursor starts on a1) steps to b4.
keys k k Enter
wait_for "selected a3"
keys l k Enter
wait_for "2. a3-b4"
keys ':undo' Enter
wait_for "moves 1"
# A hint names a legal move, marks it, and typing it plays it.
keys H
wait_re "hint: [a-h][1-8](-[a-h][1-8])+ \(marked \?\)"
hinted=$(screen | sed -n 's/.*hint: \([a-h0-9-]*\) (marked ?).*/\1/p' | head -1)
[ -n "$hinted" ] || fail "no hint on the screen"
keys ":$hinted" Enter
wait_for "2. $hinted"
keys U
wait_for "moves 1"
save_as solo.halma
sed -n 2p "$TMP/solo.halma" | grep -qx "puzzle: crossing-8x8" || fail "not a puzzle's record"
eng=$(printf 'load %s\nstatus\nboard\n' "$TMP/solo.halma" | "$HALMA" --engine)
echo "$eng" | grep -qx "= playing" || fail "the engine does not read the save as playing: $eng"
board=$(echo "$eng" | sed -n 's/^= \(.*\/.* 1\)$/\1/p')
[ "$board" = "......../......../......../......../1......./11.1..../111...../1.11.... 1" ] ||
    fail "the saved position is wrong: $board"
# A hangup saves the puzzle; --resume continues it.
pane=$(tmux -L "$SOCK" display -p '#{pane_pid}')
pid=$(pgrep -P "$pane" -x halma)
[ -n "$pid" ] || fail "no halma process under the pane"
kill -HUP "$pid"
[ "$(wait_exit)" = 129 ] || fail "exit status after SIGHUP is not 129"
saved="$XDG_STATE_HOME/halma/autosave.halma"
sed -n 2p "$saved" | grep -qx "puzzle: crossing-8x8" || fail "the autosave is not a puzzle's record"
start_game --resume
wait_for "Resumed the saved puzzle"
wait_for "1. b1-d3"
wait_for "moves 1"
keys ':b2-d2-d4' Enter
wait_for "2. b2-d2-d4"
keys q
wait_for "Quit? The puzzle is kept for halma --resume (y/n)"
keys y
[ "$(wait_exit)" = 0 ] || fail "quitting the resumed puzzle failed"
# --load takes a puzzle's record too, and :load switches between a puzzle and a game.
start_game --load "$TMP/solo.halma"
wait_for "Loaded $TMP/solo.halma"
wait_for "SOLITAIRE  crossing-8x8"
wait_for "1. b1-d3"
printf 'newgame size=8\nsave %s\n' "$TMP/game.halma" | "$HALMA" --engine >/dev/null
[ -s "$TMP/game.halma" ] || fail "the engine wrote no game record"
keys ":load $TMP/game.halma" Enter
wait_for "Load game.halma? The puzzle in progress is kept in your saves (y/n)"
keys y
wait_re "The puzzle before is kept in your saves as puzzle-[0-9]{8}-[0-9]{6}"
wait_gone "SOLITAIRE"
keys ":load $TMP/solo.halma" Enter
wait_for "SOLITAIRE  crossing-8x8"
# The new-game form's last line starts a puzzle; "off" goes back to Halma.
keys N
wait_for "Solitaire      < crossing-8x8 >"
wait_for "Players        < 2 (not used) >"
keys k l Enter
wait_for "Start the puzzle? The one in progress is kept in your saves (y/n)"
keys y
wait_for "SOLITAIRE  symmetry"
wait_for "limit 19"
wait_for "moves 0"
wait_for "figures found: 0 of 50"
keys N
wait_for "Solitaire      < symmetry >"
keys k l l l Enter
wait_for "HALMA  8x8, 2 players" # the rules of the game loaded last
wait_gone "SOLITAIRE"
# q asks only when the AI drew the first move and has made it.
[ "$(quit_game)" = 0 ] || fail "exit status not 0"
