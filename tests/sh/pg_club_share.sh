# One club served by three hosts: three club directories, each with its own server, all
# keeping the club in one PostgreSQL database. A player at the first (root) and one at the
# second (user 65534) see each other in the lobby, chat, meet and play across the servers,
# a draw offered at one host is declined at the other and a takeback refused then agreed; a
# watcher at the third follows the moves and the table's chat. The first server is killed
# (SIGKILL) mid-game and started again, and the game goes on with every move. A live:5
# game's loss on time is recorded once, both servers running: one archived record, each
# rating moved once.
. "$(dirname "$0")/club_lib.bash"
. "$(dirname "$0")/pg_lib.bash"
trap 'stop_all; stop_servers; cleanup; pg_stop' EXIT
pg_start
for n in 1 2 3; do
    mkdir -p "$TMP/club$n"
    printf '%s\n' "$PG_URI" >"$TMP/club$n/store.conf"
done
# The server of club directory N, and a club command run there.
pid_at() { sed -n 's/.*club server \([0-9]*\) serves.*/\1/p' "$TMP/club$1/club.log" | tail -1; }
club_at() { HALMA_CLUB_DIR="$TMP/club$1" "$HALMA" --club "${@:2}" 2>&1; }
stop_servers() {
    local n p
    for n in 1 2 3; do
        for p in $(sed -n 's/.*club server \([0-9]*\) serves.*/\1/p' "$TMP/club$n/club.log" 2>/dev/null); do
            kill "$p" 2>/dev/null && wait_processes_end "$p"
        done
    done
}
# Each directory's server started first (by root) so that every player reaches it.
for n in 1 2 3; do club_at "$n" ratings >/dev/null || fail "club $n: $(club_at "$n" ratings)"; done
[ "$(pid_at 1)" != "$(pid_at 2)" ] && [ -n "$(pid_at 2)" ] && [ -n "$(pid_at 3)" ] ||
    fail "not three servers: $(pid_at 1) $(pid_at 2) $(pid_at 3)"

start_with me "env HALMA_CLUB_DIR=$TMP/club1" --club
wait_on me "HALMA CLUB  $ME"
start_with them "runuser -u $other -- env HALMA_CLUB_DIR=$TMP/club2" --club
wait_on them "HALMA CLUB  $other"

# Who is here: both, at either host.
wait_on me "Here (2)"
wait_on me "  $other"
wait_on them "Here (2)"
wait_on them "  $ME"

# The lobby's chat reaches the other host; a seek made at one is taken at the other.
command_to them "say hello from the second host"
wait_on me "$other: hello from the second host"
command_to me "seek players=2 size=8 first=1 pace=days:3"
wait_on them "1 seat open"
accept_and_enter # each sees the other at the table, not away
command_to me "d1-e2"
wait_on them "1. d1-e2"
start_with watcher "env HALMA_CLUB_DIR=$TMP/club3" --club
wait_on watcher "Live games"
command_to watcher "watch 1"
wait_on watcher "1. d1-e2"
command_to them "e8-d7"
wait_on me "e8-d7"
wait_on watcher "e8-d7"
# What a player says at the table reaches the table at every host.
command_to them "say your move, across the hosts"
wait_on me "your move, across the hosts"
wait_on watcher "your move, across the hosts"

# The first host's server is killed: its player's lobby starts it again and finds the game
# with every move; the game goes on at all three.
pid=$(pid_at 1)
kill -9 "$pid"
wait_on me "not connected"
for ((i = 0; i < WAIT_STEPS; i++)); do
    screen_of me | grep -q "not connected" || break
    sleep 0.05
done
# The new server learns who sits at the other host a moment after the player comes in: the
# status line says whose turn it is, not that the other, who never left, is back.
wait_on me "your turn (player 1)"
[ "$(pid_at 1)" != "$pid" ] || fail "no new server at the first host"
command_to me "e2-f3"
wait_on them "2. e2-f3"
# The second sees the first back at the table (the panel names an absent player "away").
for ((i = 0; i < WAIT_STEPS; i++)); do
    screen_of them | grep -q "$ME, away" || break
    sleep 0.05
done
screen_of them | grep -q "$ME, away" && fail "the first is away for the second"
wait_on watcher "2. e2-f3"
command_to them "h8-f6"
wait_on me "h8-f6"
wait_on watcher "h8-f6"
# A draw offered at one host is asked at the other; declined there, the offerer hears so.
command_to me "draw"
wait_on them "$ME offers a draw. Accept? (y/n)"
keys_to them n
wait_on me "no draw: $other declined the draw"
# A takeback asked at one host is answered at the other: refused, then agreed; the moves go
# at every host, and are played again.
keys_to me U
wait_on them "$ME asks to take back"
keys_to them n
wait_on me "no undo: $other said no"
keys_to me U
wait_on them "$ME asks to take back"
keys_to them y
for p in me them watcher; do
    for ((i = 0; i < WAIT_STEPS; i++)); do
        screen_of "$p" | grep -q "2\. e2-f3" || break
        sleep 0.05
    done
    screen_of "$p" | grep -q "2\. e2-f3" && fail "$p still shows the moves taken back: $(screen_of "$p")"
done
command_to me "e2-f3"
wait_on them "2. e2-f3"
command_to them "h8-f6"
wait_on me "h8-f6"
wait_on watcher "h8-f6"
club_at 3 record 1 >"$TMP/kept.halma" || fail "no record of game 1: $(cat "$TMP/kept.halma")"
grep -q "^1\. d1-e2 e8-d7$" "$TMP/kept.halma" && grep -q "^2\. e2-f3 h8-f6$" "$TMP/kept.halma" ||
    fail "the moves in the record: $(cat "$TMP/kept.halma")"
[ "$(record_status "$TMP/kept.halma")" = playing ] || fail "the kept record does not read"
[ "$(pg_sql 'SELECT count(*) FROM moves WHERE game = 1')" = 4 ] ||
    fail "the database's moves: $(pg_sql 'SELECT * FROM moves')"

# A live:5 game across the hosts: both move once, then the first lets the time run out.
# Both servers watch the deadline; the loss is recorded once.
keys_to me q
wait_on me "HALMA CLUB"
keys_to them q
wait_on them "HALMA CLUB"
begin_game 2 players=2 size=8 first=1 pace=live:5
command_to me "d1-e2"
wait_on them "1. d1-e2"
command_to them "e8-d7"
wait_on me "e8-d7"
wait_on me "$ME ran out of time: $other wins"
wait_on them "$ME ran out of time: $other wins"
[ "$(pg_sql "SELECT state, how FROM games WHERE id = 2")" = "over|time" ] ||
    fail "game 2 in the database: $(pg_sql 'SELECT * FROM games WHERE id = 2')"
[ "$(pg_sql 'SELECT count(*) FROM archive WHERE game = 2')" = 1 ] || fail "not one archived record"
[ "$(pg_sql 'SELECT count(*) FROM rating_changes WHERE game = 2')" = 2 ] ||
    fail "rating changes: $(pg_sql 'SELECT * FROM rating_changes')"
[ "$(pg_sql "SELECT string_agg(games::text, ' ') FROM ratings r JOIN players p ON p.id = r.player WHERE p.uid IS NOT NULL AND family = '2p-small'")" = "1 1" ] ||
    fail "the ratings counted: $(pg_sql 'SELECT * FROM ratings')"
ratings=$(club_at 2 ratings)
for who in "$ME" "$other"; do
    echo "$ratings" | grep "^2p-small  $who " | grep -q " 1 game$" || fail "$who's rating: $ratings"
done
for p in me them watcher; do keys_to "$p" q; done
echo "one club on three hosts through PostgreSQL ok"
