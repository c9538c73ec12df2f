# The club's workload of 70-club.sh (500 clients, 100 live games, a move to every client of
# its game, one at a time and all at once) with its store in a PostgreSQL of the benchmark's
# own (tests/sh/pg_lib.bash, syncing as a real one does): one server, then two servers on the
# one database, each game's players at different servers and the watchers dealt round them
# (and the time from a move to its player at the other server, one move at a time: its median
# and max, and the worst of each 10 moves in a row: several hosts at the speed of one). The one server's burst is run twice more: its p99 in each of three runs. Needs root
# (the players' users) and PostgreSQL (scripts/deps.sh test installs it).
if [ "$(id -u)" != 0 ]; then
    echo "club, PostgreSQL: skipped (run as root: the simulated players take user ids of their own)"
    exit 0
fi
fail() { echo "club, PostgreSQL: $*"; exit 1; }
. "$(dirname "$0")/../../tests/sh/pg_lib.bash"
PG_FSYNC=on pg_start
trap pg_stop EXIT
export PG_TEST_CONNINFO="host=$PG_DIR user=halma"
"$BUILD/tools/clubbench" "$HALMA" 500 100 1 again | grep -v "memory per idle" |
    sed 's/^club: /club, PostgreSQL, one server: /'
for run in 2 3; do
    "$BUILD/tools/clubbench" "$HALMA" 500 100 1 again | grep "games at once" |
        sed "s/^club: /club, PostgreSQL, one server, run $run: /"
done
"$BUILD/tools/clubbench" "$HALMA" 500 100 2
