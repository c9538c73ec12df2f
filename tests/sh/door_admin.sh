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

# 1. --door-check: all well; then a door.conf others may write and an AllowUsers line
# without the door's account, each named with what to do, and the status says so.
check() { "$INST/halma" --club-dir "$INST/club" --door-check "$1" 2>&1; }
out=$(check "$INST/sshd_config")
[ $? = 0 ] && grep -q "^The door is ready\.$" <<<"$out" || fail "--door-check on a working door: $out"
grep -q "^ok    sshd's keys command for $DOOR: $INST/halma --club-dir $INST/club --door-keys" <<<"$out" ||
    fail "--door-check did not read sshd's keys command: $out"
grep -q "^ok    the club's server answers" <<<"$out" || fail "--door-check did not reach the club: $out"
grep -q "^note  no ClientAliveInterval" <<<"$out" && fail "the drop-in sets no ClientAliveInterval: $out"
chmod 666 "$INST/club/door.conf"
out=$(check "$INST/sshd_config")
[ $? = 1 ] || fail "--door-check passed a door.conf others may write: $out"
grep -q "^FAIL  $INST/club/door.conf may be written by others (chmod go-w); it is not believed$" <<<"$out" ||
    fail "--door-check did not name door.conf: $out"
chmod 644 "$INST/club/door.conf"
sed "s/^AllowUsers .*/AllowUsers $ACCT/" "$INST/sshd_config" >"$INST/sshd_config.shut"
out=$(check "$INST/sshd_config.shut")
[ $? = 1 ] || fail "--door-check passed an AllowUsers line without $DOOR: $out"
grep -q "^FAIL  AllowUsers shuts $DOOR out" <<<"$out" && grep -q "add $DOOR to the AllowUsers line" <<<"$out" ||
    fail "--door-check did not name the AllowUsers line: $out"
[ "$(grep -c '^FAIL' <<<"$out")" = 1 ] || fail "--door-check failed more than AllowUsers: $out"

# 2. Refused keys: the player sees "Permission denied"; the club's log says why.
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

# 3. Limits: alice's eleventh game against the computer is refused, naming the limit; bob's
# computer, asked after alice's ten, answers while hers still wait their turns.
command_to() { keys_to "$1" ":$2" Enter; }
computer_moved() { # GAME: the computer, moving first, has moved in it
    "$INST/halma" --club-dir "$INST/club" --club record "$1" 2>/dev/null | grep -q '^1\. '
}
ALICE=$(free_name alice) BOB=$(free_name bob)
for k in a b; do
    start_cmd $k "ssh -tt $SSH_OPTS -i $INST/key-$k $DOOR@127.0.0.1"
    wait_on $k "Name or code:"
done
keys_to a -l "$ALICE"
keys_to a Enter
keys_to b -l "$BOB"
keys_to b Enter
wait_on a "HALMA CLUB  $ALICE"
wait_on b "HALMA CLUB  $BOB"
for i in $(seq 11); do command_to a "seek to=ai:5 first=2 pace=days:3"; done
wait_on a "limit computer-games-per-player: 10 at once; frees when one ends"
command_to b "seek to=ai:5 first=2 pace=days:3"
for ((i = 0; i < 40 * WAIT_STEPS; i++)); do
    computer_moved 11 && break
    sleep 0.05
done
computer_moved 11 || fail "bob's computer never moved"
waiting=0
for g in $(seq 10); do computer_moved "$g" || waiting=$((waiting + 1)); done
[ "$waiting" -ge 3 ] || fail "bob's computer waited behind alice's games ($waiting of hers still wait)"
"$INST/halma" --club-dir "$INST/club" --club record 12 >/dev/null 2>&1 && fail "alice's eleventh game was made"

echo "door for administrators ok (port $PORT)"
