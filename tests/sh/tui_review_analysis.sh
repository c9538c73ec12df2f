# The review's analysis: a short game (a piece stepping out of its camp and back) is judged
# move by move off the loop; each move shows its cost and the better move, marked on the
# board; the chart of both players' moves to go and each player's costliest moves are drawn;
# Tab chooses a costly move and Enter goes to it; l asks the costly positions again as
# puzzles, a wrong try told how much it loses, the better move solving it; the chart reads
# without Unicode; once judged, the review waiting for a key costs no CPU.
. "$(dirname "$0")/tmux_lib.bash"
# The sanitizer's build judges a position in seconds: the waits there are longer.
[ -n "${SANITIZE:-}" ] && WAIT_STEPS=3600 # 180 s at most per wait
printf 'newgame size=8 spoil=fill\nplay d1-e2\nplay g6-f5\nplay b3-c4\nplay f5-g6\nplay c4-b3\nsave %s\n' \
    "$TMP/back.halma" | "$HALMA" --engine >/dev/null
[ "$(record_status "$TMP/back.halma")" = playing ] || fail "the record to review is not in play"
start_game --review "$TMP/back.halma"
wait_for "Move 5 of 5"
wait_for "Player 1: 3. c4-b3"
# Every move is judged: its cost against the best move found there, or that it is the best.
judged='^.{46}(-[0-9]+: [a-h][1-8](-[a-h][1-8])+ was [0-9]+ moves? better|as good as the best move found|the best move found)'
wait_re "$judged"
wait_for "Moves to go ("
# What the chart's colours mean, whole at 80 columns.
wait_for "player colours; plain: lines meet"
wait_for "Costliest moves (Tab, Enter):"
# Player 1's costliest move: Tab chooses it, Enter goes to it, where its cost is said and
# the better move marked on the board with the hint's mark.
wait_re "^.{46} ● [0-9]+ -[0-9]+"
costly=$(screen | sed -n 's/^.\{46\} ● \([0-9]*\) -\([0-9]*\).*/\1 \2/p' | head -1)
set -- $costly
keys Home
wait_for "The start (5 moves)"
keys Tab Enter
wait_re "^.{46}Player 1: $1\\. "
wait_re "^.{46}-$2: [a-h][1-8](-[a-h][1-8])+ was $2 moves? better"
# (a ? where a square holds one glyph, the hint's hook and dot where pieces are drawn large)
board_squares | awk '$3 == "?" || $5 ~ /╮/' | grep -q . || fail "the better move is not drawn on the board"
# l: player 1's costly positions as puzzles. The move played there is tried first and loses;
# the better move the review named solves it.
played=$(screen | sed -n 's/^.\{46\}Player 1: [0-9]*\. \([a-h1-8-]*\).*/\1/p')
better=$(screen | sed -n 's/^.\{46\}-[0-9]*: \([a-h1-8-]*\) was .*/\1/p')
[ -n "$played" ] && [ -n "$better" ] || fail "no costly move and its better one: '$played' '$better'"
keys l
wait_re "^.{46}Learn 1 of [0-9]+ \\(0 solved\\)"
wait_for "find a move at most one worse than"
keys : "$played" Enter
wait_re "$played loses [0-9]+ moves against the"
wait_for "try again"
keys : "$better" Enter
wait_re "solved: $better"
wait_re "^.{46}Learn 1 of [0-9]+ \\(1 solved\\)"
keys q
wait_for "back to the review"
keys End
for step in 1 2 3 4; do
    wait_re "$judged"
    keys Left
done
# Once every position is judged the review sits still at no cost.
wait_re "■[ >]2 (computer, )?level 3 +0/10 +[0-9]+ +[0-9]+$" # the meter's numbers are in
pid=$(pgrep -P "$(tmux -L "$SOCK" list-panes -F '#{pane_pid}')" -x halma)
sleep 1 # the last frame drawn
before=$(ticks "$pid")
sleep 3
used=$(($(ticks "$pid") - before))
[ "$used" -le 2 ] || fail "the review used $used clock ticks in 3 s while idle"
keys q
wait_exit
# The analysis made is kept in the record as comment lines, one per position; the record
# reads as before.
grep -q '^# analysis race[0-9]*-[0-9]*-[0-9a-f]\{6\} [0-9a-f]\{16\}$' "$TMP/back.halma" || fail "no analysis kept"
[ "$(grep -c '^# judged ' "$TMP/back.halma")" = 6 ] || fail "not one kept line per position"
[ "$(record_status "$TMP/back.halma")" = playing ] || fail "the record with its analysis does not read"
# Reopened, the review shows it from the first frame, never analysing; the puzzle solved
# before is marked, and the unsolved ones come first.
start_game --review "$TMP/back.halma"
wait_for "Move 5 of 5"
wait_re "$judged"
screen | grep -q "analysing" && fail "the kept analysis is made again"
keys Home
wait_for "The start (5 moves)"
screen | grep -q "analysing" && fail "the kept analysis is made again"
keys l
wait_re "^.{46}Learn [0-9]+ of [0-9]+ \\(1 solved"
wait_re "1 of [0-9]+ solved before"
keys q
wait_for "back to the review"
keys q
wait_exit
# Loaded to play on, the game's review has its analysis at once too, and a save keeps it.
start_game --load "$TMP/back.halma" --seats human,human
wait_for "Loaded"
keys r
wait_for "Move 5 of 5"
wait_re "$judged"
screen | grep -q "analysing" && fail "the analysis kept in a loaded game is made again"
keys q
save_as again.halma
[ "$(grep -c '^# judged ' "$TMP/again.halma")" = 6 ] || fail "the save lost the analysis"
quit_game
# A forged line is refused with the line named, and the game analysed again.
sed 's/^\(# judged 2 \)[0-9]*/\1x/' "$TMP/back.halma" >"$TMP/forged.halma"
start_game --review "$TMP/forged.halma"
wait_re "damaged \\(line [0-9]+: 'x' is not a"
wait_re "$judged"
keys q
wait_exit
# Without Unicode the chart draws each player's number.
start_game --review "$TMP/back.halma" --ascii
wait_for "Move 5 of 5"
wait_re "$judged"
wait_for "Moves to go ("
# (a * where the two lines meet: the race is even from the start)
screen | sed -n '/Moves to go (/,/Costliest/p' | grep -q '^.\{47\}[ 2]*[1*]' ||
    fail "player 1's line is not drawn with its number"
screen | sed -n '/Moves to go (/,/Costliest/p' | grep -q '^.\{47\}[ 1]*[2*]' ||
    fail "player 2's line is not drawn with its number"
keys q
wait_exit
echo "review analysis ok"
