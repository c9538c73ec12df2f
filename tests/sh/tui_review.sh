# Looking back at a game: halma --review FILE opens any record, finished or not; Left and
# Right step one move ("Move 5 of 6"), Home and End jump, the move's path is marked and the
# move list follows; ? lists the review's keys; p plays on from the move shown, the moves
# after it gone from the new game (checked through the engine); q leaves, and leaving a
# --review ends the run; a review left waiting costs no CPU.
. "$(dirname "$0")/tmux_lib.bash"
printf 'newgame size=8\nplay d1-e2\nplay e8-d7\nplay c2-d3\nplay f7-e6\nplay e2-f3\nplay d7-d6\nsave %s\n' \
    "$TMP/six.halma" | "$HALMA" --engine >/dev/null
[ "$(record_status "$TMP/six.halma")" = playing ] || fail "the record to review is not in play"
start_game --review "$TMP/six.halma" --movetime 100
wait_for "REVIEW  8x8, 2 players"
wait_for "Move 6 of 6"
wait_for "Player 2: 3. d7-d6"
# The move shown has its path marked: its start square crossed, its piece where it ended.
# A square's drawing: on the 8x8 board's squares of five cells by two rows, a piece or a mark
# drawn large (a disc for player 1, a square for player 2, a cross for a path).
glyph() { board_squares | awk -v s="$1" '$1 == s { print $5 }'; }
disc=_▗▄▖_/_▜█▛_ square=_▄▄▄_/_███_ cross=_╲_╱_/_╱_╲_
# (unless the better move the analysis shows starts there too, its path drawn over it)
[ "$(glyph d7)" = "$cross" ] || screen | grep -qE ": d7-[a-h][1-8].* was [0-9]+ moves? better" ||
    fail "d7-d6's start is not marked: '$(glyph d7)'"
keys Left
wait_for "Move 5 of 6"
wait_for "Player 1: 3. e2-f3"
[ "$(glyph e2)" = "$cross" ] || screen | grep -qE ": e2-[a-h][1-8].* was [0-9]+ moves? better" ||
    fail "e2-f3's start is not marked: '$(glyph e2)'"
[ "$(glyph f3)" = "$disc" ] || fail "e2-f3's piece is not on f3: '$(glyph f3)'"
[ "$(glyph d7)" = "$square" ] || fail "d7 still marked a move back: '$(glyph d7)'"
keys Home
wait_for "The start (6 moves)"
wait_for "Before the first move"
# The race meter as it stood at the start: each player's moves to go.
wait_re "●[ >]1 you +0/10 +0 +[0-9]+$"
wait_re "■[ >]2 (computer, )?level 3 +0/10 +0 +[0-9]+$"
keys Right Right
wait_for "Move 2 of 6"
keys End
wait_for "Move 6 of 6"
keys PPage
wait_for "The start (6 moves)"
keys NPage
wait_for "Move 6 of 6"
keys Left Left
wait_for "Move 4 of 6"
# ? shows the review's keys, not the board's; Esc goes back to the review where it was.
keys '?'
wait_for "Review keys (page 1 of 2"
for key in "left/right" "Home/End" "PgUp/PgDn" "play on from the move shown" "q  r  Esc        quit"; do
    wait_for "$key"
done
! screen | grep -q "move the cursor" || fail "the review's help lists the board's keys"
keys Escape
wait_for "Move 4 of 6"
# Play on from move 4: player 1 to move, the game as it stood then.
keys p
wait_for "Playing on from move 4 of 6"
wait_for "HALMA  8x8, 2 players"
# Saved while the computer thinks of its reply: the confirmation stays on the status line
# after the reply, until the next key.
keys ':b3-b4' Enter ":save $TMP/on.halma" Enter
wait_file "$TMP/on.halma"
wait_re "■ 3\. [a-h][1-8]" # the computer's reply
screen | grep -qF "saved to $TMP/on.halma" || fail "the computer's reply took the save's confirmation: $(screen)"
keys Right
wait_gone "saved to $TMP/on.halma"
b=$(record_board "$TMP/on.halma")
[ "$(piece_at "$b" e2 8)" = 1 ] || fail "e2-f3 (move 5) was played: $b"
[ "$(piece_at "$b" b4 8)" = 1 ] || fail "the move played on is missing: $b"
[ "$(piece_at "$b" e6 8)" = 2 ] || fail "move 4 is missing: $b"
keys q y
[ "$(wait_exit)" = 0 ] || fail "quitting the game played on failed"

# q leaves a --review at once, with nothing to keep.
start_game --review "$TMP/six.halma"
wait_for "Move 6 of 6"
keys q
[ "$(wait_exit)" = 0 ] || fail "leaving the review did not exit 0"
[ ! -e "$XDG_STATE_HOME/halma/saves" ] || fail "leaving a review kept something"

# A long game: the move list follows the move shown, at the end, back at the start (the
# first moves listed, not the last) and in the middle.
{
    echo "newgame size=8"
    echo "level 1"
    for ((n = 0; n < 40; n++)); do echo genmove; done
    echo "save $TMP/long.halma"
} | "$HALMA" --engine >/dev/null
start_game --review "$TMP/long.halma"
# Tall enough for the list below the chart and the costliest moves, whose analysis is quick.
tmux -L "$SOCK" resize-window -x 80 -y 40
wait_for "Move 40 of 40"
wait_re "■ 20\\. [a-h]"
! screen | grep -qE "● 1\\. [a-h]" || fail "the first move is listed at the end of a long game"
keys Home
wait_for "The start (40 moves)"
wait_re "● 1\\. [a-h]"
! screen | grep -qE "■ 20\\. [a-h]" || fail "the last move is listed at the start"
keys PPage # nothing before the start
wait_for "The start (40 moves)"
for ((n = 0; n < 21; n++)); do keys Right; done
wait_for "Move 21 of 40"
wait_re "● 11\\. [a-h]"

# A record that does not read: one line, exit 1.
printf '# halma game record\nsize: 9\n' >"$TMP/bad.halma"
out=$("$HALMA" --review "$TMP/bad.halma" 2>&1 </dev/null)
[ $? = 1 ] || fail "a bad record did not exit 1"
echo "$out" | grep -q "^halma: $TMP/bad.halma: line 2: " || fail "the message lacks file and line: $out"

# r in a game in progress, then back to it where it was.
start_game --size 8 --first 1 --seats human,human
keys ':d1-e2' Enter
wait_for "1. d1-e2"
keys ':e8-d7' Enter
wait_for "1. e8-d7"
keys r
wait_for "Move 2 of 2"
keys Left
wait_for "Move 1 of 2"
keys q
wait_for "Player 1 to move"
wait_for "1. e8-d7"

# Waiting in the review, with its race meter shown and the game judged, costs no CPU (a few
# clock ticks at most).
keys r
wait_for "Move 2 of 2"
wait_re "■[ >]2 human +0/10 +1 +[0-9]+$" # the meter's numbers are in
wait_re "^.{46}(-[0-9]+: |as good as the best|the best move found)" # the game is judged
pid=$(pgrep -P "$(tmux -L "$SOCK" list-panes -F '#{pane_pid}')" -x halma)
# The figures of the game it came from may still be finishing on the worker: a few seconds
# at most for them to end, then none at all.
wait_idle "$pid"
before=$(ticks "$pid")
sleep 3
used=$(($(ticks "$pid") - before))
[ "$used" -le 2 ] || fail "the review used $used clock ticks in 3 s while idle"
