# Two hosts of one PostgreSQL club started at the same moment on a database nobody has used
# yet: both servers come up and serve the club, ten times in a row, each time on a new
# database (the first to take the schema's lock makes the tables, the other finds them made).
. "$(dirname "$0")/club_lib.bash"
. "$(dirname "$0")/pg_lib.bash"
trap 'stop_servers; cleanup; pg_stop' EXIT
pg_start
pids_in() { sed -n 's/.*club server \([0-9]*\) serves.*/\1/p' "$1/club.log" 2>/dev/null; }
stop_servers() {
    local d p
    for d in "$TMP"/run*/club*; do
        for p in $(pids_in "$d"); do kill "$p" 2>/dev/null && wait_processes_end "$p"; done
    done
}
for run in 1 2 3 4 5 6 7 8 9 10; do
    pg_sql "CREATE DATABASE fresh$run" || fail "cannot make database fresh$run"
    for n in 1 2; do
        mkdir -p "$TMP/run$run/club$n"
        printf '%s\n' "${PG_URI/dbname=halma/dbname=fresh$run}" >"$TMP/run$run/club$n/store.conf"
    done
    HALMA_CLUB_DIR="$TMP/run$run/club1" "$HALMA" --club ratings >"$TMP/run$run/out1" 2>&1 &
    first=$!
    HALMA_CLUB_DIR="$TMP/run$run/club2" "$HALMA" --club ratings >"$TMP/run$run/out2" 2>&1 &
    second=$!
    wait "$first" || fail "run $run: the first host did not come up: $(cat "$TMP/run$run/out1" "$TMP/run$run/club1/club.log")"
    wait "$second" || fail "run $run: the second host did not come up: $(cat "$TMP/run$run/out2" "$TMP/run$run/club2/club.log")"
    for n in 1 2; do
        [ -n "$(pids_in "$TMP/run$run/club$n")" ] || fail "run $run: no server at host $n"
        grep -q "^2p16 .*ai:3" "$TMP/run$run/out$n" ||
            fail "run $run: host $n's ratings lack the computer's: $(cat "$TMP/run$run/out$n")"
    done
    stop_servers
done
echo "PASS: two servers started at once on a new database came up together, 10 runs of 10"
