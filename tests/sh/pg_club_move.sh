# A club moved from SQLite to PostgreSQL and back (halma --club export FILE, --club-store
# URI --club import FILE): its players, games (one over, rated, one going on), ratings and
# chat are there after each move, the lobby finds the game going on, and the dumps of all
# three stores are the same text.
. "$(dirname "$0")/club_lib.bash"
. "$(dirname "$0")/pg_lib.bash"
trap 'stop_all; pkill_servers; cleanup; pg_stop' EXIT
pkill_servers() { for p in $(server_pid); do kill "$p" 2>/dev/null; wait_processes_end "$p"; done; }

meet_and_seek players=2 size=8 first=1 pace=days:3
command_to them "say hello $ME"
wait_on me "$other: hello $ME"
command_to them "accept 1"
wait_on me "your move"
command_to me "resign 1"
wait_on me "Resign game 1? (y/n)"
keys_to me y
wait_on me "$other > $ME (resigned)"
command_to me "seek players=2 size=8 first=1 pace=days:3"
wait_on them "2 "
command_to them "accept 2"
wait_on me "your move"
command_to me "play 2"
wait_on me "your turn (player 1)"
command_to me "d1-e2"
wait_on me "1. d1-e2"
stop_all
pkill_servers
ratings_before=$(club ratings)
echo "$ratings_before" | grep -q "^2p-small  $other .* 1 game$" || fail "no rating: $ratings_before"
pkill_servers # the command started a server again

"$HALMA" --club export "$TMP/sqlite.dump" || fail "export from SQLite"
[ "$(stat -c %a "$TMP/sqlite.dump")" = 600 ] || fail "the dump is not 0600"
grep -q "hello $ME" "$TMP/sqlite.dump" || fail "no chat in the dump"

# Into PostgreSQL: the directory keeps the new store, whose dump is the same; the lobby finds
# the game and the chat there (and notes that the player came in).
pg_start
"$HALMA" --club-store "$PG_URI" --club import "$TMP/sqlite.dump" || fail "import into PostgreSQL"
grep -qx "$PG_URI" "$HALMA_CLUB_DIR/store.conf" || fail "the club's directory keeps another store"
[ "$(pg_sql "SELECT count(*) FROM games")" = 2 ] || fail "PostgreSQL holds $(pg_sql 'SELECT count(*) FROM games') games"
out=$("$HALMA" --club-store "$PG_URI" --club import "$TMP/sqlite.dump" 2>&1) &&
    fail "a second import was taken"
echo "$out" | grep -q "already has players or games" || fail "a second import: $out"
"$HALMA" --club export "$TMP/postgresql.dump" || fail "export from PostgreSQL"
cmp "$TMP/sqlite.dump" "$TMP/postgresql.dump" ||
    fail "PostgreSQL's dump differs: $(diff "$TMP/sqlite.dump" "$TMP/postgresql.dump" | head)"
start me --club
wait_on me "$other: hello $ME"
wait_on me "$other to move"
[ "$(club ratings)" = "$ratings_before" ] || fail "the ratings changed: $(club ratings)"
command_to me "seek players=2 size=8 pace=days:3" # numbered after the games imported
wait_on me "3     $ME"
stop_all
pkill_servers

# And back into a new SQLite club.
"$HALMA" --club-dir "$TMP/back" --club-store sqlite --club import "$TMP/postgresql.dump" ||
    fail "import into SQLite"
"$HALMA" --club-dir "$TMP/back" --club export "$TMP/back.dump" || fail "export from the new SQLite"
cmp "$TMP/sqlite.dump" "$TMP/back.dump" || fail "the new SQLite's dump differs"

# Into another PostgreSQL database, for a club directory yet to be made.
pg_as_owner "$PG_BIN/createdb" -h "$PG_DIR" -U halma halma2 || fail "createdb halma2"
"$HALMA" --club-dir "$TMP/pg2" --club-store "$PG_URI dbname=halma2" --club import "$TMP/postgresql.dump" ||
    fail "import into a new directory"
grep -qx "$PG_URI dbname=halma2" "$TMP/pg2/store.conf" || fail "the new directory keeps no store"

# A damaged dump is refused with its line, and nothing is written.
sed '5s/\t/ /' "$TMP/sqlite.dump" >"$TMP/bad.dump"
out=$("$HALMA" --club-dir "$TMP/none" --club import "$TMP/bad.dump" 2>&1) && fail "a bad dump was taken"
echo "$out" | grep -q "bad.dump: line 5: " || fail "a bad dump: $out"
[ -e "$TMP/none/club.db" ] && fail "a bad dump made a club"
echo "club moved to PostgreSQL and back ok"
