# The Debian package, from a copy of this tree: built with dpkg-buildpackage, lintian clean,
# installed with apt-get; its files, the user halma and the club's unit in place; the
# installed program plays the engine and serves the club as the unit runs it; halma-door
# opens the door on a private sshd to a key, which reaches the lobby and nothing else, and
# shuts it; a reinstall (an upgrade) keeps a club game and its moves; remove stops the
# server and shuts the door; purge leaves no file of the package and nothing running.
#
# Needs root (apt-get, accounts, sshd) and Debian's packaging tools; without them it says
# why and exits 77, which scripts/run-tests.sh counts as skipped, never as passed.
[ "$(id -u)" = 0 ] || { echo "SKIP: not root: cannot install a package"; exit 77; }
# The package is built from the normal flavour, once: the sanitizer run has nothing to add.
[ -z "${SANITIZE:-}" ] || { echo "SKIP: the package is tested in the normal run"; exit 77; }
for tool in dpkg-buildpackage dh lintian fakeroot apt-get git /usr/sbin/sshd ssh; do
    command -v "$tool" >/dev/null || { echo "SKIP: no $tool (scripts/deps.sh test installs it)"; exit 77; }
done
# What this test removes at its end must not be an administrator's.
for there in /var/lib/halma /etc/ssh/sshd_config.d/halma-door.conf /usr/games/halma; do
    [ ! -e "$there" ] || { echo "SKIP: $there exists: halma is installed on this host"; exit 77; }
done
dpkg-query -W -f '${Status}' halma 2>/dev/null | grep -q installed &&
    { echo "SKIP: a halma package is installed on this host"; exit 77; }
. "$(dirname "$0")/net_lib.bash"
. "$(dirname "$0")/sshd_lib.bash"

TREE=$(cd "$(dirname "$0")/../.." && pwd)
DOOR=hpkg$$
BROKEN=/etc/ssh/sshd_config.d/zz-halma-test-$$.conf
HALMA_USER_MADE=""
getent passwd halma >/dev/null || HALMA_USER_MADE=1
CLUB_PID=""
package_cleanup() {
    stop_all
    stop_club
    rm -f "$BROKEN"
    dpkg-query -W -f '${Status}' halma 2>/dev/null | grep -q 'ok installed\|config-files' &&
        DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq halma >/dev/null 2>&1
    userdel "$DOOR" 2>/dev/null
    [ -n "$HALMA_USER_MADE" ] && userdel halma 2>/dev/null
    sshd_cleanup
    cleanup
}
trap package_cleanup EXIT
apt() { # apt-get ARGS, showing what the maintainer scripts said
    DEBIAN_FRONTEND=noninteractive apt-get -y "$@" >"$TMP/apt.out" 2>&1 || fail "apt-get $*: $(tail -20 "$TMP/apt.out")"
    echo "apt-get $1:"
    grep '^halma' "$TMP/apt.out" | sed 's/^/    /'
}

# 1. The package, built from the tracked and new files of this tree in a copy of its own.
#    The unit tests are not run again (nocheck): make test has just run them.
mkdir -m 755 "$TMP/src" "$TMP/src/halma"
(cd "$TREE" && git ls-files -z --cached --others --exclude-standard) | (cd "$TREE" && tar --null -T - -cf -) |
    tar -xf - -C "$TMP/src/halma" || fail "cannot copy the tree"
start_build=$(date +%s)
(cd "$TMP/src/halma" && DEB_BUILD_OPTIONS="nocheck parallel=2" dpkg-buildpackage -us -uc -b) >"$TMP/build.log" 2>&1 ||
    fail "dpkg-buildpackage: $(tail -30 "$TMP/build.log")"
echo "package built in $(($(date +%s) - start_build)) s"
set -- "$TMP"/src/halma_*_"$(dpkg --print-architecture)".deb
[ $# = 1 ] && [ -f "$1" ] || fail "no one halma_VERSION_ARCH.deb: $(ls "$TMP/src")"
DEB=$1
grep -q -- "-D_FORTIFY_SOURCE=2 .*-fstack-protector-strong" "$TMP/build.log" ||
    fail "the build did not take dpkg-buildflags' flags"
grep -q -- "-mpopcnt" "$TMP/build.log" && fail "the package was built for the builder's processor"

# 2. lintian: no error, no warning (as root, it says so on its error output).
lintian --fail-on error,warning "$TMP"/src/halma_*.changes >"$TMP/lintian.out" 2>"$TMP/lintian.err" ||
    fail "lintian: $(cat "$TMP/lintian.out" "$TMP/lintian.err")"
echo "lintian: $(grep -c . "$TMP/lintian.out") lines: $(tr '\n' ';' <"$TMP/lintian.out")"

# 3. Installed with apt-get: the files, the user, the unit (enabled, though not started
#    where systemd is not running, which the install says).
apt install "$DEB"
systemd_runs=""
[ -d /run/systemd/system ] && systemd_runs=1
[ -n "$systemd_runs" ] || grep -q "club's service (halma-club) could not be started" "$TMP/apt.out" ||
    fail "the install did not say that the service could not be started: $(cat "$TMP/apt.out")"
files=$(dpkg -L halma | while read -r f; do [ -d "$f" ] || echo "$f"; done | sort)
want=$(sort <<EOF
/lib/systemd/system/halma-club.service
/usr/games/halma
/usr/sbin/halma-door
/usr/share/doc/halma/README.md.gz
/usr/share/doc/halma/changelog.gz
/usr/share/doc/halma/copyright
/usr/share/halma/halma-door.conf
/usr/share/man/man6/halma.6.gz
/usr/share/man/man8/halma-door.8.gz
EOF
)
[ "$files" = "$want" ] || fail "the package's files: $(diff <(echo "$want") <(echo "$files") | grep '^[<>]' | tr '\n' ' ')"
[ "$(stat -c '%U %a' /usr/games/halma)" = "root 755" ] || fail "/usr/games/halma is not root's, 755"
grep -q "Permission is hereby granted" /usr/share/doc/halma/copyright || fail "no license in the copyright file"
man -w halma >/dev/null && man -w 8 halma-door >/dev/null || fail "man does not find the pages"
IFS=: read -r _ _ uid _ _ home shell < <(getent passwd halma) || fail "no user halma"
[ "$home" = /var/lib/halma ] && [ "$shell" = /usr/sbin/nologin ] && [ "$uid" -lt 1000 ] ||
    fail "the user halma: uid $uid, home $home, shell $shell"
[ "$(stat -c '%U %G %a' /var/lib/halma)" = "halma halma 755" ] || fail "/var/lib/halma: $(stat -c '%U %G %a' /var/lib/halma)"
unit=/lib/systemd/system/halma-club.service
[ "$(sed -n 's/^ExecStart=//p' $unit)" = "/usr/games/halma --club-server --club-dir /var/lib/halma" ] ||
    fail "the unit's ExecStart: $(grep ExecStart $unit)"
[ -L /etc/systemd/system/multi-user.target.wants/halma-club.service ] || fail "the unit is not enabled"
if command -v systemd-analyze >/dev/null; then
    said=$(systemd-analyze verify $unit 2>&1) && [ -z "$said" ] || fail "systemd-analyze: $said"
fi
[ ! -e /etc/ssh/sshd_config.d/halma-door.conf ] || fail "the install opened the door"

# 4. The installed program: the engine, and the club's server as the unit runs it.
answer=$(printf 'newgame size=8\nplay d1-e2\nboard\n' | /usr/games/halma --engine 2>&1)
[ "$(grep -c '^=' <<<"$answer")" = 3 ] || fail "the installed engine answered: $answer"
start_club() {
    local umask_value
    umask_value=$(sed -n 's/^UMask=//p' $unit)
    [ "$(sed -n 's/^User=//p' $unit)" = halma ] || fail "the unit's user is not halma"
    runuser -u halma -- sh -c "umask $umask_value && exec $(sed -n 's/^ExecStart=//p' $unit)" \
        </dev/null >>"$TMP/club.log" 2>&1 &
    CLUB_PID=$!
    for ((i = 0; i < WAIT_STEPS; i++)); do
        [ -S /var/lib/halma/club.sock ] && /usr/games/halma --club games >/dev/null 2>&1 && return 0
        kill -0 "$CLUB_PID" 2>/dev/null || fail "the club's server ended: $(cat "$TMP/club.log")"
        sleep 0.05
    done
    fail "the club's server does not answer: $(cat "$TMP/club.log")"
}
stop_club() {
    [ -n "$CLUB_PID" ] && kill "$CLUB_PID" 2>/dev/null && wait_processes_end "$CLUB_PID"
    CLUB_PID=""
}
# Every process of the user halma ended (the server, once its parent runuser has).
halma_processes_end() {
    local i
    for ((i = 0; i < WAIT_STEPS; i++)); do
        [ -z "$(pgrep -u halma)" ] && return 0
        sleep 0.05
    done
    return 1
}
# Where systemd runs, the package started the service; here the test runs what it runs.
if [ -n "$systemd_runs" ]; then
    systemctl --quiet is-active halma-club || fail "the service did not start"
    restart_club() { systemctl restart halma-club; }
else
    start_club
    restart_club() { stop_club && start_club; }
fi
[ "$(stat -c '%U %a' /var/lib/halma/club.db)" = "halma 600" ] || fail "club.db is not halma's alone"
[ "$(/usr/games/halma --club games 2>&1)" = "No club games." ] || fail "the club does not answer root"

# 5. halma-door enable: refused with sshd's message, and nothing changed, while sshd -t
#    fails; then the account, door.conf and the drop-in; twice is the same as once.
echo "NoSuchKeyword yes" >"$BROKEN"
out=$(halma-door enable --account "$DOOR" 2>&1) && fail "enable passed a failing sshd -t: $out"
grep -q "sshd -t refuses" <<<"$out" && grep -q "NoSuchKeyword" <<<"$out" || fail "enable's refusal: $out"
getent passwd "$DOOR" >/dev/null && fail "a refused enable left the account"
[ ! -e /var/lib/halma/door.conf ] && [ ! -e /etc/ssh/sshd_config.d/halma-door.conf ] ||
    fail "a refused enable left door.conf or the drop-in"
rm -f "$BROKEN"
halma-door enable --account "$DOOR" >"$TMP/enable.out" 2>&1 || fail "enable: $(cat "$TMP/enable.out")"
IFS=: read -r _ pw _ _ _ home shell < <(getent shadow "$DOOR") || fail "enable made no account"
IFS=: read -r _ _ _ _ _ home shell < <(getent passwd "$DOOR")
[ "$pw" = '*' ] && [ "$home" = /var/lib/halma ] && [ "$shell" = /bin/sh ] ||
    fail "the door's account: password $pw, home $home, shell $shell"
grep -qx "account: $DOOR" /var/lib/halma/door.conf && grep -qx "entry: open" /var/lib/halma/door.conf ||
    fail "door.conf: $(cat /var/lib/halma/door.conf)"
dropin=/etc/ssh/sshd_config.d/halma-door.conf
grep -qx "Match User $DOOR" $dropin && grep -q "AuthorizedKeysCommand /usr/games/halma --club-dir /var/lib/halma --door-keys" $dropin ||
    fail "the drop-in: $(cat $dropin)"
before=$(md5sum $dropin /var/lib/halma/door.conf; getent passwd "$DOOR")
halma-door enable >"$TMP/enable.out" 2>&1 || fail "enable again: $(cat "$TMP/enable.out")"
[ "$(md5sum $dropin /var/lib/halma/door.conf; getent passwd "$DOOR")" = "$before" ] || fail "enable twice changed things"
halma-door status >"$TMP/status.out" 2>&1 || fail "status of an open door: $(cat "$TMP/status.out")"
grep -q "authorizedkeysfile none" "$TMP/status.out" && grep -q "the door is open" "$TMP/status.out" ||
    fail "status: $(cat "$TMP/status.out")"
restart_club # the server reads door.conf when it starts

# 6. The private sshd (standing for the host's, whose settings it does not read) takes the
#    installed drop-in: a key comes into the lobby, and a command or forwarding is refused.
ssh-keygen -q -t ed25519 -N '' -f "$INST/key-a" || fail "ssh-keygen"
start_sshd $dropin "$DOOR"
out=$(door a "$DOOR@127.0.0.1" id 2>&1)
[ $? = 1 ] && grep -q "^halma: this door plays the club's game and nothing else" <<<"$out" || fail "ssh door id gave: $out"
out=$(door a -W "127.0.0.1:$PORT" "$DOOR@127.0.0.1" </dev/null 2>&1)
[ $? != 0 ] && ! grep -q "^SSH-" <<<"$out" || fail "ssh -W reached through the door: $out"
NAME=pk$$
start_cmd a "ssh -tt $SSH_OPTS -i $INST/key-a $DOOR@127.0.0.1"
wait_on a "Name or code:"
keys_to a -l "$NAME"
keys_to a Enter
wait_on a "HALMA CLUB  $NAME"
# A club game against the computer, and a move each.
keys_to a ":seek players=2 size=8 first=1 pace=days:3 to=ai:1" Enter
wait_on a "your move"
keys_to a ":play 1" Enter
wait_on a "your turn (player 1)"
keys_to a ":d1-e2" Enter
club_record() { /usr/games/halma --club record 1 >"$1" 2>&1; }
for ((i = 0; i < WAIT_STEPS; i++)); do
    club_record "$TMP/game-before" && grep -q "^1\. d1-e2 [a-h][1-8]-[a-h][1-8]$" "$TMP/game-before" && break
    sleep 0.05
done
grep -q "^1\. d1-e2 [a-h][1-8]-[a-h][1-8]$" "$TMP/game-before" || fail "the club's record: $(cat "$TMP/game-before")"
keys_to a q
wait_on a "HALMA CLUB  $NAME"
keys_to a q
[ "$(wait_rc a)" = 0 ] || fail "the door's session did not end well"

# 7. A reinstall over itself, as an upgrade: the open door's drop-in is written again, and
#    the club keeps the game and its moves.
apt install --reinstall "$DEB"
grep -q "halma-door: the door is open" "$TMP/apt.out" || fail "the upgrade did not keep the door: $(cat "$TMP/apt.out")"
restart_club # as the service is restarted after an upgrade
club_record "$TMP/game-after" || fail "record 1 after the upgrade: $(cat "$TMP/game-after")"
cmp -s "$TMP/game-before" "$TMP/game-after" || fail "the upgrade changed the game: $(diff "$TMP/game-before" "$TMP/game-after")"

# 8. halma-door disable shuts the door: the key no longer logs in once sshd reads its
#    settings again, and everything enable made is gone.
halma-door disable >"$TMP/disable.out" 2>&1 || fail "disable: $(cat "$TMP/disable.out")"
kill -HUP "$SSHD_PID"
getent passwd "$DOOR" >/dev/null && fail "disable left the account"
[ ! -e /var/lib/halma/door.conf ] && [ ! -e $dropin ] || fail "disable left door.conf or the drop-in"
halma-door status >"$TMP/status.out" 2>&1
[ $? = 3 ] && grep -q "the door is shut" "$TMP/status.out" || fail "status of a shut door: $(cat "$TMP/status.out")"
halma-door disable >"$TMP/disable.out" 2>&1 || fail "disable twice: $(cat "$TMP/disable.out")"
for ((i = 0; i < WAIT_STEPS; i++)); do
    out=$(door a "$DOOR@127.0.0.1" games 2>&1)
    [ $? = 255 ] && grep -q "Permission denied" <<<"$out" && break
    sleep 0.05
done
grep -q "Permission denied" <<<"$out" || fail "a key logged in through a shut door: $out"

# 9. remove, with the door open: the server stopped, the door shut, the data kept; purge:
#    the data gone, no file of the package left, the user halma kept.
halma-door enable --account "$DOOR" >"$TMP/enable.out" 2>&1 || fail "enable: $(cat "$TMP/enable.out")"
restart_club
apt remove halma
[ -n "$systemd_runs" ] || grep -q "could not be stopped" "$TMP/apt.out" || fail "remove did not say so: $(cat "$TMP/apt.out")"
wait_processes_end "$CLUB_PID" && halma_processes_end ||
    fail "remove left the club's server running: $(ps -o pid,ppid,user,stat,etime,args -p "$CLUB_PID" 2>/dev/null; pgrep -a -u halma)"
CLUB_PID=""
[ ! -e $dropin ] && ! getent passwd "$DOOR" >/dev/null || fail "remove left the door open"
[ -f /var/lib/halma/club.db ] || fail "remove took the club's database"
for f in $want; do [ ! -e "$f" ] || fail "remove left $f"; done
apt purge halma
[ -n "$systemd_runs" ] || halma_processes_end || fail "a process of halma runs after purge: $(pgrep -a -u halma)"
[ ! -e /var/lib/halma ] || fail "purge left /var/lib/halma"
dpkg-query -W -f '${Status}' halma 2>/dev/null | grep -q 'ok installed\|config-files' && fail "purge left the package"
left=$(find /etc /lib/systemd /var/lib/systemd /usr/share/doc /usr/share/halma -name '*halma*' 2>/dev/null)
[ -z "$left" ] || fail "purge left $left"
getent passwd halma >/dev/null || fail "purge removed the user halma"
echo "ok: the package builds, installs, serves, opens and shuts the door, upgrades, and goes"
