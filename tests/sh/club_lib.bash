# Shared by the club's terminal tests: two Unix users (this one, root, and user 65534
# through runuser) at a private club, each in a terminal of net_lib.bash. Skips (status 77)
# where another user cannot be acted as. Sourced, not run: its name does not end in .sh.
. "$(dirname "${BASH_SOURCE[0]}")/net_lib.bash"
[ "$(id -u)" = 0 ] || { echo "not root: cannot act as another user; skipped"; exit 77; }
command -v runuser >/dev/null || fail "runuser (util-linux) is needed"
other=$(getent passwd 65534 | cut -d: -f1)
[ -n "$other" ] || { echo "no user 65534; skipped"; exit 77; }
export HALMA_CLUB_DIR="$TMP/club"
# HALMA_TEST_STORE=postgresql: the club keeps its store in a PostgreSQL of the test's own
# (scripts/run-tests.sh runs the club's tests so a second time), recorded in the club's
# directory as --club-store would record it.
if [ "${HALMA_TEST_STORE:-sqlite}" = postgresql ]; then
    . "$(dirname "${BASH_SOURCE[0]}")/pg_lib.bash"
    pg_start
    mkdir -p "$HALMA_CLUB_DIR"
    printf '%s\n' "$PG_URI" >"$HALMA_CLUB_DIR/store.conf"
fi
club() { "$HALMA" --club "$@" 2>&1; }
as_other() { runuser -u "$other" -- env HALMA_CLUB_DIR="$HALMA_CLUB_DIR" "$TMP/halma-copy" "$@"; }
server_pid() { sed -n 's/.*club server \([0-9]*\) serves.*/\1/p' "$HALMA_CLUB_DIR/club.log" | tail -1; }
cp "$HALMA" "$TMP/halma-copy" && chmod 755 "$TMP/halma-copy"
# Every server a test started ends with it, whatever happened: the lobbies first, so that
# none of them starts a server again once the last is gone.
trap 'stop_all; sed -n "s/.*club server \([0-9]*\) serves.*/\1/p" "$HALMA_CLUB_DIR/club.log" 2>/dev/null |
    xargs -r kill 2>/dev/null; cleanup; pg_stop 2>/dev/null' EXIT
# Both people's lobbies (me and them), each in a terminal of its own; then me seeks a game
# with the words given (a correspondence game: nobody is taken into it) and them accepts it.
meet_and_seek() {
    start me --club
    wait_on me "HALMA CLUB  $ME"
    start_other them --club
    wait_on them "HALMA CLUB  $other"
    command_to me "seek $*"
    wait_on them "1 seat open"
}
# Them accepts game 1 of meet_and_seek, and both open it: me (player 1) to move.
accept_and_enter() {
    command_to them "accept 1"
    wait_on me "your move"
    command_to me "play 1"
    wait_on me "your turn (player 1)"
    command_to them "play 1"
    wait_on them "player 1's turn ($ME)"
}
# Runs a ':' command in a person's lobby or game.
command_to() { keys_to "$1" ":$2" Enter; }
# The other user's lobby, in a terminal of its own.
start_other() { start_with "$1" "runuser -u $other -- env HALMA_CLUB_DIR=$HALMA_CLUB_DIR" "${@:2}"; }
# A new game of number N begins: me seeks with the words given, them accepts, and both find
# themselves at the (8x8) board without a key pressed to enter it.
begin_game() {
    local n=$1
    shift
    command_to me "seek $*"
    wait_on them "$n "
    command_to them "accept $n"
    wait_on me "HALMA  8x8"
    wait_on them "HALMA  8x8"
}
