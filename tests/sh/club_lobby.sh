# The club through its lobby, by two Unix users (the other through runuser): they meet, one
# seeks, the other accepts, they play; one leaves, the other moves, and the first's notify
# says it is their move and their lobby lists the game first; a third watches; the server is
# killed and the game is intact; one resigns and both ratings move; the archived game shows
# what the watcher said only to watchers. Neither a player nor the watcher is given a hint. Results are checked in the records the club writes out, read by
# halma --engine.
. "$(dirname "$0")/club_lib.bash"

# Both in the lobby (the first starts the club's server); each sees the other, and the club
# named in the header: the first's own, the other's the first's.
start me --club
wait_on me "HALMA CLUB  $ME at your own club, $HALMA_CLUB_DIR"
start_other them --club
wait_on them "HALMA CLUB  $other at $ME's club, $HALMA_CLUB_DIR"
wait_on me "Here (2)"
wait_on me "  $other"

# A seek in the lobby reaches the other's lobby with its terms (a row of two lines at 80
# columns: the seeker, not yet rated; the variant, the pace, rated); it is accepted there.
command_to me "seek players=2 size=8 first=1 pace=days:3"
wait_on them "1 seat open"
screen_of them | grep -A1 "^.1 *$ME (new) *1 seat open" |
    grep -q "^       2p 8x8  3 days/move  rated" ||
    fail "the seek's row does not say its terms and the seeker's rating"
command_to them "say hello $ME"
wait_on me "$other: hello $ME"
command_to them "accept 1"
wait_on me "your move"
wait_on them "$ME to move"
[ "$(as_other --club notify)" = "" ] || fail "notify spoke while it was not $other's move"

# Both play from the lobby: Enter on one's own game, :play N for the other.
keys_to me Enter
wait_on me "your turn (player 1)"
command_to them "play 1"
wait_on them "player 1's turn ($ME)"
key_says me H "no hints in a game between people" # no computer help in a club game
command_to me "d1-e2"
wait_on them "1. d1-e2"
# The first leaves; the other moves; the first is told and finds the game first in the lobby.
keys_to me q
wait_on me "HALMA CLUB"
keys_to me q
[ "$(wait_rc me)" = 0 ] || fail "leaving the lobby did not exit 0: $(cat "$TMP/me.err")"
command_to them "e8-d7"
wait_on them "1. e8-d7"
for ((i = 0; i < WAIT_STEPS; i++)); do
    said=$(club notify)
    [ -n "$said" ] && break
    sleep 0.05
done
[ "$said" = "halma: your move in 1 club game" ] || fail "notify said: $said"
start me --club
wait_on me "1 game waits for your move"
# (the count comes with the welcome, the list of games after it)
for ((i = 0; i < WAIT_STEPS; i++)); do
    screen_of me | sed -n '2,3p' | grep -q "^>1 .*your move" && break
    sleep 0.05
done
screen_of me | sed -n '2,3p' | grep -q "^>1 .*your move" ||
    fail "the game waiting for $ME is not first in the lobby: $(screen_of me)"

# A third watches; the server is killed; the game is there when it is back.
start watcher --club
wait_on watcher "Live games"
command_to watcher "watch 1"
wait_on watcher "1. e8-d7"
key_says watcher H "no hints for a watcher of a game between people"
# The watcher's keys are a watcher's; a move tried says so; the players see who watches.
screen_of watcher | tail -1 | grep -q "arrows look around .*q lobby" ||
    fail "a club watcher's key bar: $(screen_of watcher | tail -1)"
keys_to watcher Enter
wait_on watcher "you are watching"
wait_on them "1 watching"
pid=$(server_pid)
[ -n "$pid" ] || fail "the club's log names no server"
kill -9 "$pid"
wait_on me "not connected"
club record 1 >"$TMP/kept.halma" || fail "no record of game 1 after the kill: $(cat "$TMP/kept.halma")"
grep -q "^1\. d1-e2 e8-d7$" "$TMP/kept.halma" || fail "the moves were lost: $(cat "$TMP/kept.halma")"
[ "$(record_status "$TMP/kept.halma")" = playing ] || fail "the kept record does not read"
[ "$(server_pid)" != "$pid" ] || fail "no new server after the kill"

# The first's lobby reaches the club again by itself; they resign from there; both ratings
# move, and the archive keeps the game with its end.
wait_on me "1 game waits for your move"
# The watcher's word in a rated game reaches watchers only, till the game is over.
wait_on watcher "Player 1 to move"
command_to watcher "say well played both"
wait_on watcher "watchers' chat reaches watchers only in a rated game"
command_to me "resign 1"
wait_on me "Resign game 1? (y/n)"
# The key bar gives the question's keys while it is asked, and the lobby's again after.
wait_on me "y yes  any other key no"
keys_to me n
wait_on me "going on"
wait_on me "s seek  c chat"
command_to me "resign 1"
wait_on me "Resign game 1? (y/n)"
keys_to me y
wait_on me "$other > $ME (resigned)"
wait_on watcher "$ME resigned: $other wins"
ratings=$(club ratings)
for who in "$ME" "$other"; do
    line=$(echo "$ratings" | grep "^2p-small  $who ")
    [ -n "$line" ] || fail "no rating for $who: $ratings"
    echo "$line" | grep -q " 1 game$" || fail "$who's rating counts no game: $line"
    echo "$line" | grep -q " 1500 " && fail "$who's rating did not move: $line"
done

# A seek after the game names the seeker with their rating in its family (the lobby asked
# again); this one is not rated.
rating=$(echo "$ratings" | sed -n "s/^2p-small  $ME *\([0-9]*\) .*/\1/p")
command_to me "seek players=2 size=10 pace=live:30 rated=no"
keys_to me r
wait_on me "$ME $rating  "
screen_of me | grep -A1 "^.2 *$ME $rating *yours, 1 to come" |
    grep -q "^       2p 10x10  live 30s/move  unrated" ||
    fail "the seek's row does not give its terms and $ME's rating $rating"
as_other --club record 1 >"$TMP/over.halma" || fail "$other cannot read the record"
grep -q "^result: winner 2 by resign$" "$TMP/over.halma" && grep -q "^order: 2>1$" "$TMP/over.halma" ||
    fail "the record does not say who resigned: $(cat "$TMP/over.halma")"
[ "$(record_status "$TMP/over.halma")" = "winner 2" ] || fail "the finished record does not read as won"

# The archived game opens in review at its end, steps back, and q goes back to the lobby.
command_to me "open 1"
wait_on me "Move 2 of 2"
screen_of me | grep -q "● 1 $ME " || fail "the archived game does not name its players"
keys_to me L
wait_on me "$ME (watching): well played both"
keys_to me q
wait_on me "Move 2 of 2"
keys_to me Left
wait_on me "Move 1 of 2"
keys_to me q
wait_on me "Here ("
kill "$(server_pid)"
echo "club lobby ok"
