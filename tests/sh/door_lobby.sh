# The club's lobby at the door, through a real sshd: strangers' keys choose names at
# `ssh DOOR@127.0.0.1` and meet in the lobby; two play an 8x8 game, a third watches; one
# drops (its ssh killed), the others read that its seat is held, and logging in again takes
# it straight back to the game. The lobby refuses what touches a file.
# An account holder comes into the same lobby from another user's terminal with
# `halma --club @127.0.0.1`, through ssh and `halma --relay club`, and plays there too.
# Moves are checked in the records the club writes out, read by halma --engine.
#
# Needs root (accounts, sshd) and Debian's openssh-server; without them it says why and
# exits 77, which scripts/run-tests.sh counts as skipped, never as passed.
[ "$(id -u)" = 0 ] || { echo "SKIP: not root: cannot add accounts or run sshd"; exit 77; }
[ -x /usr/sbin/sshd ] || { echo "SKIP: no /usr/sbin/sshd (openssh-server)"; exit 77; }
command -v ssh >/dev/null || { echo "SKIP: no ssh (openssh-client)"; exit 77; }
. "$(dirname "$0")/door_lib.bash"

# arrive KEY NAME: a stranger's key at the door, a name chosen, the lobby reached.
arrive() {
    start_cmd "$1" "ssh -tt $SSH_OPTS -i $INST/key-$1 $DOOR@127.0.0.1"
    wait_on "$1" "Name or code:"
    keys_to "$1" -l "$2"
    keys_to "$1" Enter
    wait_on "$1" "HALMA CLUB  $2"
}

# 1. Two strangers choose names and meet in the lobby.
ALICE=$(free_name alice) BOB=$(free_name bob) CAROL=$(free_name carol)
arrive a "$ALICE"
arrive b "$BOB"
wait_on a "Here (2)"
wait_on a "  $BOB"
# The screen is the size of the player's terminal, and follows it (ssh passes the change on).
screen_of a | grep -qE "^.{57}Here \(2\)" || fail "the lobby is not drawn for 80 columns"
tmux -L "$(server_of a)" resize-window -x 100 -y 30
for ((i = 0; i < WAIT_STEPS; i++)); do
    screen_of a | grep -qE "^.{77}Here \(2\)" && break
    sleep 0.05
done
screen_of a | grep -qE "^.{77}Here \(2\)" || fail "the lobby did not follow the terminal to 100 columns"

# 2. Nothing in the lobby or a game reaches a file of the door's account.
x=/tmp/halma-door-lobby-x.$$
for typed in "save $x" "load /etc/passwd" "load" "record 1 $x" "save-defaults" "new"; do
    command_to a "$typed"
    wait_on a "the door "
    screen_of a | grep -q "root:" && fail ":$typed showed /etc/passwd"
    keys_to a Escape
done
[ -e "$x" ] && fail "a command wrote $x"

# 3. alice seeks an 8x8 game; bob accepts; both play it from the lobby.
command_to a "seek players=2 size=8 first=1 pace=days:3"
wait_on b "1 seat open"
command_to b "accept 1"
wait_on a "your move"
keys_to a Enter
wait_on a "your turn (player 1)"
command_to b "play 1"
wait_on b "player 1's turn ($ALICE)"

# 4. A third key watches.
arrive c "$CAROL"
command_to c "watch 1"
command_to a "d1-e2"
wait_on b "1. d1-e2"
wait_on c "1. d1-e2"
command_to a "save $x"
wait_on a "the door keeps no files"
[ -e "$x" ] && fail ":save in a club game wrote $x"

# 5. alice's connection drops: the seat is held, and the others read so; bob moves; alice
# logs in again and is straight back at the game.
ssh_pid=$(pgrep -P "$(tmux -L "$(server_of a)" display -p '#{pane_pid}')" -x ssh)
[ -n "$ssh_pid" ] || fail "no ssh in alice's terminal"
kill -KILL "$ssh_pid"
wait_on b "$ALICE: away, seat held"
command_to b "e8-d7"
wait_on c "■ 1. e8-d7"
start_cmd a "ssh -tt $SSH_OPTS -i $INST/key-a $DOOR@127.0.0.1"
wait_on a "1. e8-d7"
wait_on a "your turn (player 1)"
wait_on b "$ALICE is back"
command_to a "e2-f3"
wait_on b "2. e2-f3"
wait_on c "2. e2-f3"
# Watching straight from the command line: with a terminal the game's screen, without
# one a refusal that says why.
start_cmd w "ssh -tt $SSH_OPTS -i $INST/key-c $DOOR@127.0.0.1 watch 1"
wait_on w "watching: q for the lobby"
wait_on w "2. e2-f3"
out=$(door c "$DOOR@127.0.0.1" watch 1 </dev/null 2>&1)
[ $? = 1 ] && grep -q "watching a game needs a terminal: ssh -t HOST watch N" <<<"$out" ||
    fail "watch without a terminal gave: $out"
keys_to w q
wait_on w "HALMA CLUB  $CAROL"
keys_to w q
club_record 1 >"$TMP/door-1.halma" || fail "no record of game 1: $(cat "$TMP/door-1.halma")"
grep -q "^1\. d1-e2 e8-d7$" "$TMP/door-1.halma" && grep -q "^2\. e2-f3$" "$TMP/door-1.halma" ||
    fail "the club's record lost moves: $(cat "$TMP/door-1.halma")"
[ "$(record_status "$TMP/door-1.halma")" = playing ] || fail "the club's record does not read"

# 6. An account holder's lobby through ssh and the relay: the same club, under the
# account's name; carol accepts its seek, and they play. Its ssh has not met this host
# yet: ssh's question comes before the screen starts, and is answered there.
printf 'Host 127.0.0.1\n  Port %s\n  User %s\n  IdentityFile ~/.ssh/id_ed25519\n  IdentitiesOnly yes\n' \
    "$PORT" "$ACCT" >"$INST/cli-home/.ssh/config"
: >"$INST/cli-home/.ssh/known_hosts"
start_cmd acct "cd $INST && setpriv --reuid=$CLI --regid=$CLI --clear-groups --reset-env \
    $INST/halma --club @127.0.0.1 --remote-cmd $INST/halma 2>$TMP/acct.err"
wait_on acct "Are you sure you want to continue connecting"
keys_to acct -l yes
keys_to acct Enter
wait_on acct "HALMA CLUB  $ACCT"
wait_on acct "printed 2 lines before halma answered"
command_to acct "seek players=2 size=8 first=1 pace=days:3"
keys_to c q
wait_on c "HALMA CLUB  $CAROL"
wait_on c "1 seat open"
command_to c "accept 2"
wait_on acct "your move"
keys_to acct Enter
wait_on acct "your turn (player 1)"
command_to acct "d1-e2"
command_to c "play 2"
wait_on c "1. d1-e2"
command_to c "e8-d7"
wait_on acct "O 1. e8-d7"
club_record 2 >"$TMP/door-2.halma" || fail "no record of game 2: $(cat "$TMP/door-2.halma")"
grep -q "^1\. d1-e2 e8-d7$" "$TMP/door-2.halma" || fail "game 2 lost moves: $(cat "$TMP/door-2.halma")"
for p in a b c acct; do keys_to "$p" q; done
keys_to acct q
[ "$(wait_rc acct)" = 0 ] || fail "the account holder's lobby did not end well: $(cat "$TMP/acct.err")"
echo "door lobby ok (port $PORT)"
