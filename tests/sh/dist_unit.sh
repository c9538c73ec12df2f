# The shipped systemd unit (dist/halma-club.service): its command starts a club server
# under the unit's umask, whose database only its own user can read and whose socket every
# other user can reach (as the unit's comment says), and systemd reads the unit without a
# complaint where systemd-analyze is installed.
set -eu
cd "$(dirname "$0")/../.."
HALMA=${HALMA:-$PWD/halma}
fail() { echo "FAIL: $*"; exit 1; }
unit=dist/halma-club.service
[ "$(id -u)" = 0 ] || { echo "SKIP: not root: cannot act as another user"; exit 77; }
other=$(getent passwd 65534 | cut -d: -f1)
[ -n "$other" ] || { echo "SKIP: no user 65534"; exit 77; }

# Everything the other user must reach lies in a directory it may enter.
TMP=$(mktemp -d)
chmod 755 "$TMP"
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server"; rm -rf "$TMP"' EXIT

# 1. The unit's command, which must be the installed program serving /var/lib/halma, run
#    as that with this build and a scratch directory.
exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
umask_value=$(sed -n 's/^UMask=//p' "$unit")
[[ $exec_start == "/usr/local/bin/halma --club-server --club-dir /var/lib/halma" ]] ||
    fail "ExecStart is not the installed program serving /var/lib/halma: $exec_start"
[ -n "$umask_value" ] || fail "the unit sets no UMask"
cp "$HALMA" "$TMP/halma"
chmod 755 "$TMP/halma"
mkdir -m 755 "$TMP/state"
(umask "$umask_value" && exec "$TMP/halma" --club-server --club-dir "$TMP/state") >"$TMP/server.out" 2>&1 &
server=$!
for _ in $(seq 100); do
    [ -S "$TMP/state/club.sock" ] && break
    kill -0 "$server" 2>/dev/null || fail "the server stopped: $(cat "$TMP/server.out")"
    sleep 0.1
done
[ -S "$TMP/state/club.sock" ] || fail "no club.sock after 10 s: $(cat "$TMP/server.out")"

# 2. The database is the server's user's alone; the socket is everyone's.
db_mode=$(stat -c %a "$TMP/state/club.db")
[ "$db_mode" = 600 ] || fail "club.db is $db_mode, not 600"
listing=$(runuser -u "$other" -- env HALMA_CLUB_DIR="$TMP/state" "$TMP/halma" --club games 2>&1) ||
    fail "another user cannot reach the club: $listing"
[ "$listing" = "No club games." ] || fail "another user's listing: $listing"

# 3. systemd's own reading of the unit, with ExecStart pointing at a program that exists.
if command -v systemd-analyze >/dev/null; then
    sed "s|^ExecStart=/usr/local/bin/halma |ExecStart=$TMP/halma |" "$unit" >"$TMP/halma-club.service"
    said=$(systemd-analyze verify "$TMP/halma-club.service" 2>&1) || fail "systemd-analyze: $said"
    [ -z "$said" ] || fail "systemd-analyze warned: $said"
else
    echo "no systemd-analyze: the unit's syntax is not checked"
fi
echo "ok: the unit's command serves the club with a private database and an open socket"
