# A finished club game is analysed once, by the club's server itself: the analysis is kept
# with the archived record (which still reads as before), the server idles at no cost once
# it is done, and a player who opens the game in review later sees the analysis at once,
# never analysing it again.
. "$(dirname "$0")/club_lib.bash"
# The sanitizer's build judges a position in seconds: the waits there are longer.
[ -n "${SANITIZE:-}" ] && WAIT_STEPS=3600

start me --club
wait_on me "HALMA CLUB  $ME at your own club"
start_other them --club
wait_on them "$ME's club"
begin_game 1 "players=2 size=8 first=1 rated=no"
command_to me "d1-e2"
wait_on them "1. d1-e2"
command_to them "e8-d7"
wait_on me "1. e8-d7"
keys_to me q
wait_on me "HALMA CLUB"
command_to me "resign 1"
wait_on me "Resign game 1? (y/n)"
keys_to me y
wait_on me "(resigned)"

# The server analyses it on its own: the archived record gains one line per position.
for ((i = 0; i < WAIT_STEPS * 4; i++)); do
    club record 1 >"$TMP/over.halma"
    grep -q '^# judged 2 ' "$TMP/over.halma" && break
    sleep 0.05
done
grep -q '^# analysis race[0-9]*-[0-9]*-[0-9a-f]\{6\} [0-9a-f]\{16\}$' "$TMP/over.halma" ||
    fail "the archive keeps no analysis: $(cat "$TMP/over.halma")"
[ "$(grep -c '^# judged ' "$TMP/over.halma")" = 3 ] || fail "not one line per position"
[ "$(record_status "$TMP/over.halma")" = "winner 2" ] || fail "the analysed record does not read"
# Done, the server costs nothing while the club is idle.
pid=$(server_pid)
sleep 1
before=$(ticks "$pid")
sleep 3
used=$(($(ticks "$pid") - before))
[ "$used" -le 2 ] || fail "the idle server used $used clock ticks in 3 s"

# The other player opens it in review: the cost of the last move and the chart are there at
# once, with no progress line.
keys_to them q
wait_on them "Here ("
command_to them "open 1"
wait_on them "Move 2 of 2"
screen_of them | grep -qE '^.{46}(-[0-9]+: |as good as the best|the best move found|no line home)' ||
    fail "the kept analysis is not shown at once: $(screen_of them)"
screen_of them | grep -q "analysing" && fail "the game is analysed again: $(screen_of them)"
keys_to them Left
wait_on them "Move 1 of 2"
screen_of them | grep -q "analysing" && fail "the game is analysed again: $(screen_of them)"
keys_to them q
wait_on them "Here ("
kill "$(server_pid)"
echo "club analysis ok"
