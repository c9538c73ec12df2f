# One Unix user at the club twice (halma --club in two terminals): the second opening the
# game the first plays is asked before it takes the seat over; the first is told, stays in
# its lobby, connected, and does not take the seat back. Then the second's halma is killed:
# the opponent reads that the seat is held, and the next halma --club goes straight back
# into the game.
. "$(dirname "$0")/club_lib.bash"

meet_and_seek players=2 size=8 first=1 pace=days:3
accept_and_enter

# The same user's second lobby opens the game: asked, then taken over with y.
start me2 --club
wait_on me2 "HALMA CLUB  $ME"
keys_to me2 Enter # the chosen row: the game, under Your games
wait_on me2 "You are playing game 1 from another connection; take it over? (y/n)"
keys_to me2 y
wait_on me2 "your turn (player 1)"
wait_on me "game 1 taken over by your other connection"
wait_on me "Your games"
command_to me2 "d1-e2"
wait_on them "1. d1-e2"
command_to them "e8-d7"
wait_on me2 "1. e8-d7"
screen_of me | grep -q "not connected" && fail "the first lobby lost the club"
screen_of me2 | grep -q "taken over" && fail "the first took the seat back"

# The second's halma is killed: the opponent reads that the seat is held.
pid=$(pid_of me2)
[ -n "$pid" ] || fail "no halma in me2's terminal"
kill -KILL "$pid"
wait_on them "$ME: away, seat held"
wait_on them "1 $ME, away"

# The next halma --club goes straight back into the game, where it stands.
start me3 --club
wait_on me3 "1. e8-d7"
wait_on me3 "your turn (player 1)"
wait_on them "$ME is back"
command_to me3 "e2-f3"
wait_on them "2. e2-f3"
# The first lobby, still there, is asked in its turn when it opens the game.
command_to me "play 1"
wait_on me "take it over? (y/n)"
keys_to me n
wait_on me "game 1 stays with your other connection"
for p in me me3 them; do keys_to "$p" q; done
echo "club seat ok"
