# The club's PostgreSQL goes away in the middle of a game and comes back: both players are
# told, a move made meanwhile is refused and changes nothing, and when the database is back
# the game goes on; the database holds every move told, each once.
HALMA_TEST_STORE=postgresql
. "$(dirname "$0")/club_lib.bash"

meet_and_seek players=2 size=8 first=1 pace=days:3
accept_and_enter
command_to me "d1-e2"
wait_on them "1. d1-e2"

pg_down
wait_on me "database is out of reach"
wait_on them "database is out of reach"
command_to them "e8-d7"
wait_on them "your move could not be saved"
screen_of me | grep -q "e8-d7" && fail "a move not saved was shown"
screen_of them | grep -q "1. e8-d7" && fail "a move not saved was kept"
grep -q "is out of reach" "$HALMA_CLUB_DIR/club.log" || fail "the log does not say the database went"

pg_up
wait_on me "database is back"
wait_on them "database is back"
command_to them "e8-d7"
wait_on me "1. e8-d7"
command_to me "e2-f3"
wait_on them "2. e2-f3"
[ "$(pg_sql 'SELECT string_agg(move, $$ $$ ORDER BY ply) FROM moves WHERE game = 1')" = \
    "d1-e2 e8-d7 e2-f3" ] || fail "the database's moves: $(pg_sql 'SELECT * FROM moves')"
for p in me them; do keys_to "$p" q; done
echo "club with PostgreSQL away and back ok"
