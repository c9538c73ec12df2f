#!/bin/bash
# The Catch2 tests of the club's store and server against PostgreSQL: a server of the test's
# own (pg_lib.bash), PG_TEST_CONNINFO naming it, each club a database of its own. The
# [postgres] cases run only here; the server's and the door's cases run here a second time
# (those about SQLite's file itself, [sqlite], run in the first only).
set -u
fail() { echo "FAIL: $*"; exit 1; }
[ "$(id -u)" = 0 ] || { echo "not root: the club tests act as user 65534; skipped"; exit 77; }
. "$(dirname "$0")/pg_lib.bash"
pg_start
trap pg_stop EXIT
export PG_TEST_CONNINFO="host=$PG_DIR user=halma"
# Under the sanitizers, the store's cases and the SIGKILL one only: the rest take minutes there.
cases="[postgres],[server]~[sqlite],[door]"
[ -n "${SANITIZE:-}" ] && cases="[postgres],[kill]"
"$BUILD/halma_tests" --use-colour no "$cases" ||
    fail "Catch2's club cases failed against PostgreSQL"
echo "club cases on PostgreSQL ok"
