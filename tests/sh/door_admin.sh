# The door for its administrators, through a real sshd: every key the door refuses is in
# the club's log with its fingerprint and why; `halma --door-check` names what would shut the
# door's account out; the limits on strangers of door.conf hold one stranger to them while
# another's computer opponent still answers first.
#
# Needs root (accounts, sshd) and Debian's openssh-server; without them it says why and
# exits 77, which scripts/run-tests.sh counts as skipped, never as passed.
[ "$(id -u)" = 0 ] || { echo "SKIP: not root: cannot add accounts or run sshd"; exit 77; }
[ -x /usr/sbin/sshd ] || { echo "SKIP: no /usr/sbin/sshd (openssh-server)"; exit 77; }
command -v ssh >/dev/null || { echo "SKIP: no ssh (openssh-client)"; exit 77; }
. "$(dirname "$0")/door_lib.bash"

fingerprint() { ssh-keygen -lf "$INST/key-$1.pub" | cut -d' ' -f2; }
# logged KEY TEXT: the club's log has a door line for KEY's fingerprint holding TEXT.
logged() {
    local want="halma: door refused key $(fingerprint "$1")"
    for ((i = 0; i < WAIT_STEPS; i++)); do
        grep -F "$want" "$TMP/club.log" | grep -qF "$2" && return 0
        sleep 0.05
    done
    fail "the club's log has no line for key $1 with '$2': $(tail -5 "$TMP/club.log")"
}

# 1. Refused keys: the player sees "Permission denied"; the club's log says why.
chmod 666 "$INST/club/door.conf"
out=$(door c "$DOOR@127.0.0.1" games 2>&1)
[ $? = 255 ] && grep -q "Permission denied" <<<"$out" || fail "a door.conf others may write let a key in: $out"
logged c "door.conf may be written by others (chmod go-w); it is not believed"
chmod 644 "$INST/club/door.conf"
printf 'account: %s\nentry: closed\n' "$DOOR" >"$INST/club/door.conf"
out=$(door c "$DOOR@127.0.0.1" games 2>&1)
[ $? = 255 ] || fail "a closed club let a new key in: $out"
logged c "entry: closed, and nobody's key"
printf 'account: %s\nentry: open\n' "$DOOR" >"$INST/club/door.conf"
out=$(door c "$DOOR@127.0.0.1" "/bin/sh -c id" 2>&1)
[ $? = 1 ] || fail "a shell command was not refused: $out"
logged c "from 127.0.0.1: the command '/bin/sh -c id' is none of the door's"
out=$(door c "$DOOR@127.0.0.1" games 2>&1)
[ $? = 1 ] || fail "a key without a player listed games: $out"
logged c "this key has no player here yet"

echo "door for administrators ok (port $PORT)"
