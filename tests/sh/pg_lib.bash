# A PostgreSQL server of the test's own: a cluster made by initdb in a temporary directory
# owned by an unprivileged user (root cannot run PostgreSQL: user 65534 runs it when the test
# is root), its socket in that directory, no TCP. Sourced, not run. pg_start sets PG_DIR and
# PG_URI (--club-store's postgresql:... for the database halma); pg_stop ends it and removes
# the directory. Exits 77 only when PostgreSQL cannot be had here.

# PostgreSQL's server programs: Debian keeps them out of PATH, under /usr/lib/postgresql.
pg_bindir() {
    local d
    for d in /usr/lib/postgresql/*/bin; do
        [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && { echo "$d"; return 0; }
    done
    command -v initdb >/dev/null && command -v pg_ctl >/dev/null &&
        { dirname "$(command -v initdb)"; return 0; }
    return 1
}

# Runs a PostgreSQL program as the cluster's owner.
pg_as_owner() {
    if [ "$(id -u)" = 0 ]; then runuser -u "$PG_OWNER" -- "$@"; else "$@"; fi
}

PG_DIR="" PG_URI=""
pg_start() {
    local bin
    if ! bin=$(pg_bindir); then
        [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
                postgresql >/dev/null 2>&1
        bin=$(pg_bindir) || { echo "PostgreSQL (initdb, pg_ctl) cannot be had; skipped"; exit 77; }
    fi
    PG_OWNER=$(id -un)
    [ "$(id -u)" = 0 ] && PG_OWNER=$(getent passwd 65534 | cut -d: -f1)
    PG_DIR=$(mktemp -d /tmp/halma-pg.XXXXXX)
    [ "$(id -u)" = 0 ] && chown "$PG_OWNER" "$PG_DIR"
    pg_as_owner "$bin/initdb" -D "$PG_DIR/data" -U halma -A trust -E UTF8 --no-sync \
        >"$PG_DIR/initdb.log" 2>&1 || { cat "$PG_DIR/initdb.log"; fail "initdb failed"; }
    PG_BIN=$bin
    pg_up
    pg_as_owner "$bin/createdb" -h "$PG_DIR" -U halma halma || fail "createdb failed"
    PG_URI="postgresql:host=$PG_DIR dbname=halma user=halma"
}

# Starts the cluster's server (again). No fsync: the tests stop PostgreSQL, never crash it
# (PG_FSYNC=on for a benchmark's figures).
pg_up() {
    pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w -s \
        -o "-k $PG_DIR -c listen_addresses= -c fsync=${PG_FSYNC:-off}" start ||
        { cat "$PG_DIR/server.log"; fail "PostgreSQL did not start"; }
}

# Stops it as an administrator would (fast: every connection is ended).
pg_down() { pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -s -m fast -w stop; }

pg_stop() {
    [ -n "$PG_DIR" ] || return 0
    pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -s -m immediate stop >/dev/null 2>&1
    rm -rf "$PG_DIR"
    PG_DIR=""
}

# Runs SQL in the test's database; prints the rows, fields separated by '|'.
pg_sql() { pg_as_owner "$PG_BIN/psql" -h "$PG_DIR" -U halma -d halma -qtAX -c "$1"; }
