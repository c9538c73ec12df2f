# A game played from two terminals with a third watching: the host and the joiner each
# make a move in an 8x8 position near its end, the joiner's move wins; both saved records
# read back through the engine give the same result, the watcher sees every move, and
# chat reaches everyone.
. "$(dirname "$0")/net_lib.bash"
near_end='.....111/.....111/..1...11/.......1/2......./22....../222.2.../222..... 1'
printf '# halma game record\nplayers: 2\nsize: 8\nfirst: 1\nposition: %s\n' "$near_end" \
    >"$TMP/near-end.halma"
start host --host club --load "$TMP/near-end.halma" --seats human,remote
wait_on host "join: halma --join $ME/club"
code=$(code_of host)
[ -n "$code" ] || fail "the host's screen shows no invite code"
"$HALMA" --games | grep -E "^club +$ME +1 +0 +2 players 8x8" >/dev/null ||
    fail "--games does not list the game: $("$HALMA" --games)"
start joiner --join club
wait_on joiner "Joined club as player 2"
wait_on host "$ME joined as player 2"
# What cannot be joined: one line each, and exit status 1.
for bad in "--join bad/name" "--join nosuch" "--join club" "--join club --seat 1"; do
    out=$("$HALMA" $bad </dev/null 2>&1)
    [ $? = 1 ] && [ "$(echo "$out" | wc -l)" = 1 ] || fail "halma $bad: $out"
done
out=$("$HALMA" --join club </dev/null 2>&1)
[ "$out" = "halma: no free seat in club; watch it with halma --watch $ME/club" ] || fail "full: $out"
start watcher --watch club # the host's own user: no code
wait_on watcher "Watching club"
# Two seats of one user: each terminal marks its own.
wait_on host "1 $ME (you)"
wait_on joiner "2 $ME (you)"
! screen_of watcher | grep -q "(you)" || fail "the watcher's panel marks a seat as its own"
"$HALMA" --games | grep -E "^club +$ME +0 +1 " >/dev/null || fail "--games counts wrong"

# The joiner cannot move out of turn; the host moves, the watcher and the joiner see it.
keys_to joiner ':e2-d1' Enter
wait_on joiner "wait: it is player 1's turn"
keys_to host ':c6-d7' Enter
wait_on joiner "1. c6-d7"
wait_on watcher "1. c6-d7"
wait_on joiner "Your turn"
wait_on host "Player 2 to move ($ME)"
keys_to joiner ':e2-d1' Enter
# Each in their own words: the seats of one user told apart by "(you)".
wait_on host "Game over: You lose: player 2 wins"
wait_on joiner "Game over: You win"
wait_on watcher "Game over: Player 2 wins"
# Esc puts the game-over box away: the last move is listed under it.
keys_to host Escape
keys_to watcher Escape
wait_on host "1. e2-d1"
wait_on watcher "1. e2-d1"

# Chat from the joiner reaches the host and the watcher, letters beyond ASCII intact.
keys_to joiner ':say good game, sé → 勝' Enter
wait_on host "$ME: good game, sé → 勝"
wait_on watcher "$ME: good game, sé → 勝"
# The panel keeps the last lines of chat, and the log keeps every one.
wait_on watcher "Chat:"
keys_to joiner ':say and another' Enter
wait_on watcher "$ME: and another"
screen_of watcher | grep -q "$ME: good game" || fail "the first line of chat left the panel"
keys_to host L
wait_on host "Messages (the last 100)"
wait_on host "$ME: good game, sé → 勝"
keys_to host Escape
wait_gone_on host "Messages (the last 100)"

keys_to host ":save $TMP/host.halma" Enter
keys_to joiner ":save $TMP/joiner.halma" Enter
wait_file "$TMP/host.halma"
wait_file "$TMP/joiner.halma"
[ "$(record_status "$TMP/host.halma")" = "winner 2" ] || fail "host record: $(record_status "$TMP/host.halma")"
[ "$(record_status "$TMP/joiner.halma")" = "winner 2" ] || fail "joiner record differs"
# The records agree but for the seats, the host's name and the clocks (each terminal keeps its own).
cmp -s <(grep -v '^seats:\|^host:\|^clock:' "$TMP/host.halma") <(grep -v '^seats:\|^host:\|^clock:' "$TMP/joiner.halma") ||
    fail "the two records differ: $(diff "$TMP/host.halma" "$TMP/joiner.halma")"

# The host quits: the others are told and leave cleanly.
keys_to host q
[ "$(wait_rc host)" = 0 ] || fail "the host did not exit 0"
[ "$(wait_rc joiner)" = 0 ] || fail "the joiner did not exit 0 when the host left"
[ "$(wait_rc watcher)" = 0 ] || fail "the watcher did not exit 0"
grep -q "the host left" "$TMP/joiner.err" || fail "the joiner was not told: $(cat "$TMP/joiner.err")"
[ -z "$(ls "$GAMES")" ] || fail "the socket was left behind: $(ls "$GAMES")"
echo "net game ok"
