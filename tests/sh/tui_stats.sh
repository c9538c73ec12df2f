# The record against the computer: an 8x8 game finished through the front end, won by the
# person and then lost to the computer, shows in halma --stats and on the game-over panel;
# a damaged record is set aside, reported, and a new one begun.
. "$(dirname "$0")/fault_lib.bash"
stats="$XDG_STATE_HOME/halma/stats"

"$HALMA" --stats >"$TMP/none.out" || fail "--stats without a record failed"
[ "$(cat "$TMP/none.out")" = "No games against the computer finished yet." ] ||
    fail "--stats without a record: $(cat "$TMP/none.out")"

# Two computers play an 8x8 game; the record keeps all but its winning move (a game from
# the start, so it counts), and the engine names that move and its winner.
one_move_from_the_end "$TMP/end.halma"
winning=$WINNING
winner=$WINNER
seats_for() { [ "$1" = 1 ] && echo human,ai:1 || echo ai:1,human; }
loser=$((3 - winner))

# 1. The person plays the winning move: a win, counted, and the panel says so.
start_game --load "$TMP/end.halma" --seats "$(seats_for "$winner")" --movetime 100
tmux -L "$SOCK" resize-window -x 120 -y 24 # the panel's line about the record unwrapped
wait_for "Loaded"
keys ":$winning" Enter
wait_for "Game over: You win"
keys Escape # the box put away, the panel says it
wait_for "1 win, 0 losses against level 1 on 8x8;"
wait_for "your fewest moves to win: "
fewest=$(screen | sed -n 's/.*your fewest moves to win: \([0-9]*\).*/\1/p')
quit_game >/dev/null

# 2. The computer plays it against the person: a loss.
start_game --load "$TMP/end.halma" --seats "$(seats_for "$loser")" --movetime 100
wait_for "Game over: You lose: player $winner wins"
wait_for "1 win, 1 loss against level 1 on 8x8"
quit_game >/dev/null

# 3. --stats shows the line, the file holds it, in the format the man page gives.
"$HALMA" --stats >"$TMP/stats.out" || fail "--stats failed"
grep -qE "^8x8 +level 1 +1 +1 +0 +$fewest$" "$TMP/stats.out" ||
    fail "--stats lacks the 8x8 line: $(cat "$TMP/stats.out")"
grep -qE "^all games +1 +1 +0$" "$TMP/stats.out" ||
    fail "--stats lacks the totals: $(cat "$TMP/stats.out")"
grep -qE '^players=2 size=8 spoil=strict evacuate=30 longjumps=0 partners=none win=first maxturns=0 levels=1 won=1 lost=1 drawn=0 fewest='"$fewest\$" \
    "$stats" || fail "the record file: $(cat "$stats")"
cat "$TMP/stats.out"

# Undoing the end and finishing again counts the game once.
start_game --load "$TMP/end.halma" --seats "$(seats_for "$winner")" --movetime 100
wait_for "Loaded"
keys ":$winning" Enter
wait_for "2 wins, 1 loss against level 1"
keys U
wait_gone "Game over"
keys ":$winning" Enter
wait_for "Game over: You win"
wait_for "2 wins, 1 loss against level 1"
quit_game >/dev/null
grep -q ' won=2 lost=1 ' "$stats" || fail "a game finished twice was counted twice: $(cat "$stats")"

# 4. A damaged record: --stats reports it (exit 1) and leaves it; the next game counted sets
# it aside, says so, and begins a new record.
printf 'players=2 size=8 nonsense\n' >"$stats"
if "$HALMA" --stats >"$TMP/damaged.out" 2>"$TMP/damaged.err"; then fail "--stats of a damaged record exited 0"; fi
grep -qF "halma: damaged record $stats: line 1: 'nonsense' is not key=value" "$TMP/damaged.err" ||
    fail "--stats of a damaged record: $(cat "$TMP/damaged.err")"
start_shell
run_halma --load "$TMP/end.halma" --seats "$(seats_for "$winner")" --movetime 100
wait_for "Loaded"
keys ":$winning" Enter
wait_for "damaged record kept as $stats.bad"
wait_for "1 win, 0 losses against level 1"
keys q
check_restored 0
grep -qF "halma: damaged record kept as $stats.bad ($stats: line 1: 'nonsense' is not key=value)" \
    "$TMP/err" || fail "the exit message lacks the damaged record: $(cat "$TMP/err")"
[ "$(cat "$stats.bad")" = 'players=2 size=8 nonsense' ] || fail "the damaged record was not kept"
grep -q ' won=1 lost=0 ' "$stats" || fail "no new record begun: $(cat "$stats")"
echo "stats ok (the win took $fewest moves)"
