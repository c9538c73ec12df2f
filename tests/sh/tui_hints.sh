# No computer help between people: in a hosted game with a remote seat, H and :hint are
# refused for the host, the joiner and a watcher, and the help page offers no hint. At one
# keyboard against the computer a hint is given, and the game is kept apart in the record
# "with hints": never a win against the level, whether the hint was taken back with an undo
# or the game quit and resumed; halma --stats and the stats file show it.
. "$(dirname "$0")/net_lib.bash"
stats="$XDG_STATE_HOME/halma/stats"

# 1. A hosted game, joined and watched.
near_end='.....111/.....111/..1...11/.......1/2......./22....../222.2.../222..... 1'
printf '# halma game record\nplayers: 2\nsize: 8\nfirst: 1\nposition: %s\n' "$near_end" \
    >"$TMP/near-end.halma"
start host --host nohelp --load "$TMP/near-end.halma" --seats human,remote
wait_on host "join: halma --join $ME/nohelp"
start joiner --join nohelp
wait_on joiner "Joined nohelp as player 2"
start watcher --watch nohelp
wait_on watcher "Watching nohelp"
keys_to host H # the host's own turn
wait_on host "no hints in a game between people"
keys_to host ':hint' Enter
wait_on host "no hints in a game between people"
keys_to host ':c6-d7' Enter
wait_on joiner "Your turn"
keys_to joiner H
wait_on joiner "no hints in a game between people"
keys_to joiner ':hint' Enter
wait_on joiner "no hints in a game between people"
keys_to watcher H
wait_on watcher "no hints for a watcher of a game between people"
! screen_of joiner | grep -qF "hint:" || fail "the joiner was given a hint"
# The help page offers no hint here.
keys_to joiner '?'
wait_on joiner "undo to your last turn, redo (no hints here)"
! screen_of joiner | grep -qF "new, hint," || fail "the help offers :hint in a game between people"
keys_to joiner Escape
wait_gone_on joiner "no hints here"
# The game goes on as before: the joiner's move wins it.
keys_to joiner ':e2-d1' Enter
wait_on host "Game over: You lose: player 2 wins"
wait_on joiner "Game over: You win"
[ ! -e "$stats" ] || fail "a game between people went into the record: $(cat "$stats")"
keys_to host q
[ "$(wait_rc host)" = 0 ] || fail "the host did not exit 0"
[ "$(wait_rc joiner)" = 0 ] || fail "the joiner did not exit 0"

# 2. Against the computer at one keyboard: two computers play an 8x8 game, the record keeps
# all but its winning move, and the engine names that move and its winner.
one_move_from_the_end "$TMP/end.halma"
winning=$WINNING
winner=$WINNER
[ "$winner" = 1 ] && seats=human,ai:1 || seats=ai:1,human
play() { start solo --load "$TMP/end.halma" --seats "$seats" --movetime 100 "$@"; }

# A hint, then the moves before it taken back and played again: the win still had a hint.
play
tmux -L "$(server_of solo)" resize-window -x 120 -y 24 # the record's lines unwrapped
wait_on solo "Loaded"
keys_to solo H
wait_on solo "hint: "
wait_on solo "your record keeps this game apart, with hints"
keys_to solo U
wait_on solo "undone: "
keys_to solo R # the moves again, and the turn with them
wait_on solo "Your turn; player "
keys_to solo ":$winning" Enter
wait_on solo "Game over: You win"
wait_on solo "won with a hint, so kept apart from your wins; with hints: 1 win, 0 losses"
keys_to solo Escape # the box put away, the panel says it
wait_on solo "won with a hint, so kept apart from your wins; with hints: 1 win, 0 losses"
wait_on solo "against level 1 on 8x8"
! screen_of solo | grep -qF "your fewest moves" || fail "a win with hints is a best"
keys_to solo q
[ "$(wait_rc solo)" = 0 ] || fail "halma did not exit 0 after a game with hints"
grep -qx 'players=2 size=8 spoil=strict evacuate=30 longjumps=0 partners=none win=first maxturns=0 levels=1 hints=used won=1 lost=0 drawn=0 fewest=0' \
    "$stats" || fail "the record file lacks the game with hints: $(cat "$stats")"
! grep -q 'levels=1 won=' "$stats" || fail "the game with hints counted against the level: $(cat "$stats")"

# A hint, then quitting: the game kept for --resume keeps the hint, and so does its end.
play
wait_on solo "Loaded"
keys_to solo H
wait_on solo "hint: "
keys_to solo q
wait_on solo "Quit? The game is kept for halma --resume (y/n)"
keys_to solo y
[ "$(wait_rc solo)" = 0 ] || fail "halma did not exit 0 on quitting"
grep -qx 'hints: used' "$XDG_STATE_HOME/halma/autosave.halma" ||
    fail "the game kept does not say a hint was given: $(cat "$XDG_STATE_HOME/halma/autosave.halma")"
start solo --resume --movetime 100
wait_on solo "Resumed"
keys_to solo ":$winning" Enter
wait_on solo "Game over: You win"
wait_on solo "hints: 2 wins, 0 losses against level 1 on 8x8"
keys_to solo q
[ "$(wait_rc solo)" = 0 ] || fail "halma did not exit 0 after a resumed game with hints"

# Without a hint the game counts against the level, with its fewest moves.
play
wait_on solo "Loaded"
keys_to solo ":$winning" Enter
wait_on solo "Game over: You win"
wait_on solo "1 win, 0 losses against level 1 on 8x8"
keys_to solo q
[ "$(wait_rc solo)" = 0 ] || fail "halma did not exit 0 after a game without hints"

"$HALMA" --stats >"$TMP/stats.out" || fail "--stats failed"
cat "$TMP/stats.out"
grep -qE "^8x8 +level 1 +1 +0 +0 +[0-9]+$" "$TMP/stats.out" ||
    fail "--stats lacks the line without hints: $(cat "$TMP/stats.out")"
grep -qE "^8x8 +level 1 with hints +2 +0 +0 +-$" "$TMP/stats.out" ||
    fail "--stats lacks the line with hints: $(cat "$TMP/stats.out")"
grep -qE "^without hints +1 +0 +0$" "$TMP/stats.out" &&
    grep -qE "^with hints +2 +0 +0$" "$TMP/stats.out" ||
    fail "--stats lacks the totals: $(cat "$TMP/stats.out")"
grep -qE '^players=2 size=8 .* levels=1 won=1 lost=0 drawn=0 fewest=[1-9][0-9]*$' "$stats" &&
    grep -qE '^players=2 size=8 .* levels=1 hints=used won=2 lost=0 drawn=0 fewest=0$' "$stats" ||
    fail "the record file: $(cat "$stats")"
echo "hints ok"
