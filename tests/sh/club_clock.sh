# A timed club game between two Unix users (the other through runuser), as they see it: a
# clock:3+2 seek accepted takes both into the game, both panels show two clocks and the
# mover's runs down, the hint is refused, :resign asks first (its keys in the key bar), and
# both screens show how the game ended with the winner's name, both rating changes and the
# same times (the record's span); the record says so through halma --engine. A second game aborted after one move leaves the
# ratings as they were; a third is aborted when its first move does not come in time; and a
# live:5 game lost on time shows the box on both screens, whose r seeks a rematch.
. "$(dirname "$0")/club_lib.bash"
ratings_of() { club ratings | grep "^2p-small " | sort; }

start me --club
wait_on me "HALMA CLUB"
start_other them --club
wait_on them "HALMA CLUB"

# 1. A rated game needs a clock; clock paces are checked.
command_to me "seek players=2 size=8 pace=live rated=yes"
wait_on me "a rated game needs a clock"
command_to me "seek players=2 size=8 pace=clock:999+0"
wait_on me "a game clock has 1 to 180 minutes"

# 2. Accepted, the game takes both in: two clocks, the mover's running once both have moved.
#    Until then the mover's cell counts down the time for its first move, the status line
#    saying what happens at 0.
begin_game 1 "players=2 size=8 first=1 pace=clock:3+2"
for p in me them; do
    wait_on "$p" "clock"
    wait_on "$p" "first move 0:"
    [ "$(screen_of "$p" | grep -c ' 3:00')" = 1 ] || fail "$p does not see the other clock at 3:00"
done
wait_on me "your turn (player 1); no first move in time aborts the game"
wait_on them "; no first move in time aborts the game"
command_to me "b3-c4"
wait_on them "1. b3-c4"
wait_on them "your turn (player 2); no first move in time aborts"
wait_on me "first move 0:"
command_to them "g6-f5"
wait_on me "g6-f5"
wait_on me " 2:58"
wait_on them " 2:58"
for p in me them; do
    screen_of "$p" | grep -q " 3:00" || fail "the clock of the player who waits is not at 3:00"
done

# 3. No computer help between people.
key_says them H "no hints in a game between people"

# 4. :resign asks; n keeps the game, y ends it; both see how, with names and ratings. A
#    lobby of the first player's open meanwhile shows the new rating once the game ends.
start lobby --club
wait_on lobby "none yet"
command_to me "resign"
wait_on me "Resign this game? (y/n)"
# While it is asked, the key bar has the question's keys, not the board's.
wait_on me "y yes  any other key no"
screen_of me | grep -q "Enter choose" && fail "the board's keys show under a question"
keys_to me n
wait_on me "going on"
wait_on me "Enter choose"
command_to me "resign"
wait_on me "Resign this game? (y/n)"
keys_to me y
for p in me them; do
    wait_on "$p" "$ME resigned: $other wins"
    wait_on "$p" "1500 → "
    [ "$(screen_of "$p" | grep -c '1500 → ')" = 2 ] || fail "$p does not see both rating changes"
done
club record 1 >"$TMP/one.halma" || fail "no record of game 1: $(cat "$TMP/one.halma")"
grep -q "^started: 20[0-9-]*T[0-9:]*Z$" "$TMP/one.halma" || fail "no start time: $(cat "$TMP/one.halma")"
grep -q "^finished: 20[0-9-]*T[0-9:]*Z$" "$TMP/one.halma" || fail "no end time"
[ "$(record_status "$TMP/one.halma")" = "winner 2" ] ||
    fail "status of the resigned record: $(record_status "$TMP/one.halma")"
said=$(printf 'load %s\nresult\n' "$TMP/one.halma" | "$HALMA" --engine | sed -n 's/^= //p' | tail -1)
[ "$said" = "winner 2 by resign" ] || fail "result of the resigned record: $said"
# The box's times are the clocks' (the first moves' time with them): the same on both screens,
# and together the time from the record's start to its end (whole seconds, each time rounded).
times_of() { screen_of "$1" | grep -o "moves\? *[0-9]*:[0-9][0-9]" | sed 's/.* //'; }
[ "$(times_of me | wc -l)" = 2 ] || fail "the box does not give two times: $(times_of me)"
# (the server's count comes with the end; a screen may draw it a frame later than the other)
for ((i = 0; i < WAIT_STEPS; i++)); do
    [ "$(times_of me)" = "$(times_of them)" ] && break
    sleep 0.05
done
[ "$(times_of me)" = "$(times_of them)" ] || fail "the two screens' times differ"
span=$(($(date -d "$(sed -n 's/^finished: //p' "$TMP/one.halma")" +%s) -
    $(date -d "$(sed -n 's/^started: //p' "$TMP/one.halma")" +%s)))
total=0
for t in $(times_of me); do total=$((total + ${t%%:*} * 60 + 10#${t##*:})); done
[ $((total - span)) -le 2 ] && [ $((span - total)) -le 2 ] ||
    fail "the box's times add up to $total s, the record's game lasted $span s"
rating=$(club ratings | sed -n "s/^2p-small  $ME *\([0-9]*\) .*/\1/p")
[ -n "$rating" ] && [ "$rating" != 1500 ] || fail "no new rating for $ME: $(club ratings)"
wait_on lobby "2p-small  $rating"
keys_to lobby q # a game begun takes one of the player's lobbies to the board: only one stays
for ((i = 0; i < WAIT_STEPS; i++)); do [ -s "$TMP/lobby.rc" ] && break; sleep 0.05; done
keys_to me q
wait_on me "HALMA CLUB"
keys_to them q
wait_on them "HALMA CLUB"

# 5. A game aborted after one move changes no rating.
before=$(ratings_of)
[ -n "$before" ] || fail "no ratings after a rated game"
begin_game 2 "players=2 size=8 first=1 pace=clock:3+2"
command_to me "b3-c4"
wait_on them "1. b3-c4"
command_to them "abort"
wait_on them "Abort this game?"
keys_to them y
wait_on me "game aborted by $other before every player had moved"
wait_on them "game aborted by $other before every player had moved"
[ "$(ratings_of)" = "$before" ] || fail "an aborted game moved ratings: $(ratings_of) against $before"
keys_to me q
keys_to them q
wait_on me "HALMA CLUB"
wait_on them "HALMA CLUB"

# 6. Nobody moves: the mover's first move counts down on both screens (tenths under ten
#    seconds), and at 0 the game is aborted.
begin_game 3 "players=2 size=8 first=1 pace=live:5"
WAIT_STEPS=$((WAIT_STEPS * 3)) wait_on me "first move 9."
wait_on them "first move "
WAIT_STEPS=$((WAIT_STEPS * 2)) wait_on me "game aborted: $ME made no first move in time"
wait_on them "game aborted: $ME made no first move in time"
keys_to me q
keys_to them q
wait_on me "HALMA CLUB"
wait_on them "HALMA CLUB"

# 7. A live:5 game: after both first moves, the mover who waits loses on time, and both see it.
begin_game 4 "players=2 size=8 first=1 pace=live:5"
command_to me "b3-c4"
wait_on them "1. b3-c4"
command_to them "g6-f5"
wait_on me "g6-f5"
WAIT_STEPS=$((WAIT_STEPS * 2)) wait_on me "$ME ran out of time: $other wins"
wait_on them "$ME ran out of time: $other wins"

# 8. r in the box seeks a rematch, the seats turned; the other finds it in the lobby.
keys_to them r
wait_on them "rematch sought: it waits under Open seeks"
keys_to me q
wait_on me "HALMA CLUB"
wait_on me "live 5s/move  rated"
club record 5 >"$TMP/rematch.halma" || fail "no rematch seek: $(cat "$TMP/rematch.halma")"
for line in "player1: $other" "player2: $ME (invited)" "first: 1" "pace: live:5" "size: 8"; do
    grep -qx "$line" "$TMP/rematch.halma" || fail "the rematch lacks '$line': $(cat "$TMP/rematch.halma")"
done
kill "$(server_pid)"
echo "club clock ok"
