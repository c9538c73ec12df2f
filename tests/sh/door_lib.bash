# Shared by the door's test and its benchmark: a real sshd on a free loopback port with its
# own host key, the shipped drop-in (dist/halma-door.conf) adapted to this run's program,
# club and accounts (the door's, an account holder's, a client user's), a club server, and
# keys for strangers a, b and c and the account holder. Sourced, not run; the caller has
# checked for root and sshd. Everything made here is removed on exit.
. "$(dirname "${BASH_SOURCE[0]}")/net_lib.bash"
. "$(dirname "${BASH_SOURCE[0]}")/sshd_lib.bash"

DOOR=hdoor$$ ACCT=hacct$$ CLI=hcli$$
GAME=dg$$
CLUB_PID="" AGENT_PID=""
door_cleanup() {
    stop_all
    [ -n "$CLUB_PID" ] && kill "$CLUB_PID" 2>/dev/null
    [ -n "$AGENT_PID" ] && kill "$AGENT_PID" 2>/dev/null
    wait_processes_end $CLUB_PID
    sshd_cleanup
    pg_stop 2>/dev/null
    for u in $DOOR $ACCT $CLI; do userdel "$u" 2>/dev/null; done
    cleanup
}
trap door_cleanup EXIT

install -m 755 "$HALMA" "$INST/halma"
mkdir -m 755 "$INST/club" "$INST/door-home"
add_user() { # NAME HOME SHELL: an account whose keys log in (password field '*', not locked)
    useradd -M -d "$2" -s "$3" "$1" && usermod -p '*' "$1" || fail "cannot add the user $1"
}
add_user "$DOOR" "$INST/door-home" /bin/sh
add_user "$ACCT" "$INST/acct-home" /bin/bash
add_user "$CLI" "$INST/cli-home" /bin/sh
# DOOR_LIMITS: lines of limits on strangers for door.conf (a crowd from one address needs more).
printf 'account: %s\nentry: open\n%s' "$DOOR" "${DOOR_LIMITS:-}" >"$INST/club/door.conf"
chmod 644 "$INST/club/door.conf"

# The club's server, in the foreground of a background job of this script; its store in a
# PostgreSQL of the test's own when HALMA_TEST_STORE=postgresql (club_lib.bash).
CLUB_STORE=()
if [ "${HALMA_TEST_STORE:-sqlite}" = postgresql ]; then
    . "$(dirname "${BASH_SOURCE[0]}")/pg_lib.bash"
    pg_start
    CLUB_STORE=(--club-store "$PG_URI")
fi
"$INST/halma" --club-dir "$INST/club" "${CLUB_STORE[@]}" --club-server </dev/null >"$TMP/club.log" 2>&1 &
CLUB_PID=$!
for ((i = 0; i < WAIT_STEPS; i++)); do
    [ -S "$INST/club/club.sock" ] && break
    sleep 0.05
done
[ -S "$INST/club/club.sock" ] || fail "the club's server did not start: $(cat "$TMP/club.log")"

# Keys: three strangers (a, b, c), the account holder's.
for k in a b c acct; do ssh-keygen -q -t ed25519 -N '' -C "$k" -f "$INST/key-$k" || fail "ssh-keygen"; done
install -d -m 700 -o "$ACCT" -g "$ACCT" "$INST/acct-home" "$INST/acct-home/.ssh"
install -m 600 -o "$ACCT" -g "$ACCT" "$INST/key-acct.pub" "$INST/acct-home/.ssh/authorized_keys"
# What a shell start-up file prints before the relay's hello, and where this test's games
# and club are: the account holder's ~/.bashrc, which bash reads for `ssh host command`.
printf 'echo "Welcome back, %s"\necho "You have mail."\nexport HALMA_GAMES_DIR=%s HALMA_CLUB_DIR=%s\n' \
    "$ACCT" "$GAMES" "$INST/club" >"$INST/acct-home/.bashrc"
chown "$ACCT:$ACCT" "$INST/acct-home/.bashrc"

# The client user's ssh: its config is read from the home in its passwd entry.
install -d -m 700 -o "$CLI" -g "$CLI" "$INST/cli-home" "$INST/cli-home/.ssh"
install -m 600 -o "$CLI" -g "$CLI" "$INST/key-acct" "$INST/cli-home/.ssh/id_ed25519"
install -m 644 -o "$CLI" -g "$CLI" "$INST/known_hosts" "$INST/cli-home/.ssh/known_hosts"
printf 'Host 127.0.0.1\n  Port %s\n  User %s\n  IdentityFile ~/.ssh/id_ed25519\n  IdentitiesOnly yes\n  BatchMode yes\n' \
    "$PORT" "$ACCT" >"$INST/cli-home/.ssh/config"
chown "$CLI:$CLI" "$INST/cli-home/.ssh/config"

# The shipped drop-in, pointed at this test's program, club and door account.
sed -e "s|^Match User play|Match User $DOOR|" -e "s|/usr/local/bin/halma|$INST/halma|" \
    -e "s|/var/lib/halma|$INST/club|" -e "s|AuthorizedKeysCommandUser play|AuthorizedKeysCommandUser $DOOR|" \
    "$(dirname "${BASH_SOURCE[0]}")/../../dist/halma-door.conf" >"$INST/halma-door.conf"
grep -q "Match User $DOOR" "$INST/halma-door.conf" && grep -q "$INST/halma --club-dir $INST/club --door-keys" \
    "$INST/halma-door.conf" || fail "the drop-in's Match line or keys command changed: adapt this test"
start_sshd "$INST/halma-door.conf" "$DOOR" "$ACCT"
settings=$(/usr/sbin/sshd -T -f "$INST/sshd_config" -C "user=$DOOR,host=localhost,addr=127.0.0.1")
for want in "disableforwarding yes" "allowagentforwarding no" "allowtcpforwarding no" \
    "allowstreamlocalforwarding no" "x11forwarding no" "permittunnel no" "passwordauthentication no" \
    "kbdinteractiveauthentication no" "authorizedkeysfile none" "permittty yes"; do
    grep -qx "$want" <<<"$settings" || fail "the drop-in does not give the door's account '$want'"
done
# free_name BASE: a name a stranger may claim whoever has an account on this host: BASE, or
# BASE with a number after it, that no user goes by as it is or in lower case (the club's
# check).
free_name() {
    local name=$1 n=0
    while getent passwd "$name" >/dev/null || getent passwd "${name,,}" >/dev/null; do
        n=$((n + 1))
        name=$1$n
    done
    echo "$name"
}

command_to() { keys_to "$1" ":$2" Enter; } # PERSON LINE: a line typed at the ':' prompt
club_record() { "$INST/halma" --club-dir "$INST/club" --club record "$1" 2>&1; }
