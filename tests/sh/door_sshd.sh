# The club's door through a real sshd: the shipped drop-in (dist/halma-door.conf) adapted to
# a loopback port, a host key and accounts of this test's own. Strangers' keys choose names
# at `ssh DOOR@127.0.0.1`; everything else a stranger tries (a shell, a command, forwarding
# of any kind, an agent, a file, a bad or unavailable name) is refused and changes nothing. An
# account holder plays a hosted game from another user's terminal with
# `halma --join NAME@127.0.0.1`, through ssh and `halma --relay` there.
#
# Needs root (accounts, sshd) and Debian's openssh-server; without them it says why and
# exits 77, which scripts/run-tests.sh counts as skipped, never as passed.
[ "$(id -u)" = 0 ] || { echo "SKIP: not root: cannot add accounts or run sshd"; exit 77; }
[ -x /usr/sbin/sshd ] || { echo "SKIP: no /usr/sbin/sshd (openssh-server)"; exit 77; }
command -v ssh >/dev/null || { echo "SKIP: no ssh (openssh-client)"; exit 77; }
. "$(dirname "$0")/door_lib.bash"

refusal="halma: this door plays the club's game and nothing else; it answers games, ratings, history NAME, record N, watch N and addkey"

# 1. A shell, a command, the file-transfer programs: each refused in one line, nothing run.
for cmd in bash "/bin/sh -c id" "id" "games; id" 'games $(id)' "scp -f /etc/passwd" \
    "/usr/lib/openssh/sftp-server" "history ../../etc/passwd" "record 1 /etc/passwd"; do
    out=$(door a "$DOOR@127.0.0.1" "$cmd" 2>&1)
    rc=$?
    [ "$rc" = 1 ] && [ "$out" = "$refusal" ] || fail "ssh door '$cmd' gave ($rc): $out"
done
out=$(door a "$DOOR@127.0.0.1" -- /bin/sh -c id 2>&1)
[ $? = 1 ] && [ "$out" = "$refusal" ] || fail "ssh door -- /bin/sh -c id gave: $out"
out=$(door a -s "$DOOR@127.0.0.1" sftp </dev/null 2>&1)
# (a subsystem's session carries no error output: the exit status says it was refused)
[ $? = 1 ] && [ -z "$out" ] || fail "the sftp subsystem gave: $out"

# 2. Forwarding: -W and -R refused by sshd; -L opens locally but no channel goes through.
out=$(door a -W "127.0.0.1:$PORT" "$DOOR@127.0.0.1" </dev/null 2>&1)
[ $? != 0 ] && ! grep -q "^SSH-" <<<"$out" || fail "ssh -W reached through the door: $out"
out=$(door a -N -o ExitOnForwardFailure=yes -R "0:127.0.0.1:$PORT" "$DOOR@127.0.0.1" 2>&1)
[ $? != 0 ] && grep -q "forwarding failed" <<<"$out" || fail "ssh -R was not refused: $out"
lport=$((PORT == 65535 ? PORT - 1 : PORT + 1))
door a -N -L "$lport:127.0.0.1:$PORT" "$DOOR@127.0.0.1" 2>"$TMP/L.err" &
LPID=$!
for ((i = 0; i < WAIT_STEPS; i++)); do
    (exec 3<>"/dev/tcp/127.0.0.1/$lport") 2>/dev/null && break
    sleep 0.05
done
banner=$(timeout 5 bash -c "exec 3<>/dev/tcp/127.0.0.1/$lport && head -c 7 <&3" 2>/dev/null)
kill "$LPID" 2>/dev/null
wait "$LPID" 2>/dev/null
[ -z "$banner" ] || fail "ssh -L reached sshd through the door: $banner"
grep -qi "prohibited\|open failed" "$TMP/L.err" || fail "ssh -L: no refusal from sshd: $(cat "$TMP/L.err")"

# 3. Agent forwarding: asked for with an agent holding the key, nothing arrives at the host.
eval "$(ssh-agent -s -a "$INST/agent.sock")" >/dev/null
AGENT_PID=$SSH_AGENT_PID
SSH_AUTH_SOCK=$INST/agent.sock ssh-add -q "$INST/key-a" 2>/dev/null
rm -f "$TMP/a.rc"
start_cmd a "SSH_AUTH_SOCK=$INST/agent.sock ssh -tt -A -v -o IdentityAgent=$INST/agent.sock $SSH_OPTS \
    -i $INST/key-a $DOOR@127.0.0.1 2>$TMP/agent.err"
wait_on a "Name or code:"
agent_sockets=$(find /tmp -maxdepth 2 -user "$DOOR" -name 'agent.*' 2>/dev/null)
[ -z "$agent_sockets" ] || fail "an agent was forwarded to the door: $agent_sockets"
grep -q "Requesting authentication agent forwarding" "$TMP/agent.err" ||
    fail "the agent test did not ask for forwarding: $(tail -3 "$TMP/agent.err")"

# 4. A stranger's first visit: bad names and file commands refused; then a name.
x=/tmp/halma-door-x.$$
# Each line is typed once the door has answered the one before and asked again: typed
# sooner, the terminal's echo of it would land between the answer and the next prompt.
prompts() { tmux -L "$(server_of a)" capture-pane -p -S -200 | grep -c '^Name or code:'; }
asked=$(prompts)
answered() { # waits for the prompt after the line just typed
    asked=$((asked + 1))
    for ((i = 0; i < WAIT_STEPS; i++)); do
        [ "$(prompts)" -ge "$asked" ] && return 0
        sleep 0.05
    done
    fail "the door did not ask again after a refused name"
}
for typed in ":save $x" ":load /etc/passwd" "1bad" "root" "$(printf 'a%.0s' {1..21})" "ai"; do
    keys_to a -l "$typed"
    keys_to a Enter
    answered
done
keys_to a -l "bad"
keys_to a C-a
keys_to a -l "name"
keys_to a Enter
answered
wait_on a "a name is letters, digits, '_' and '-'."
screen=$(tmux -L "$(server_of a)" capture-pane -p -S -200)
ALICE=$(free_name alice)
keys_to a -l "$ALICE"
keys_to a Enter
wait_on a "HALMA CLUB  $ALICE"
answer_to() { # TYPED: the door's answer to a line typed at its prompt
    awk -v typed="Name or code: $1" 'found { print; exit } $0 == typed { found = 1 }' <<<"$screen"
}
[ "$(answer_to ":save $x")" = "a name is at most 20 characters." ] || fail "':save $x' not refused"
[ "$(answer_to ":load /etc/passwd")" = "a name starts with a letter." ] || fail "':load' not refused"
[ "$(answer_to 1bad)" = "a name starts with a letter." ] || fail "'1bad' not refused"
# A login name of this host and a reserved word: "not available", as a player's name is.
[ "$(answer_to root)" = "root is not available; choose another name." ] || fail "a host login was taken"
[ "$(answer_to ai)" = "ai is not available; choose another name." ] || fail "'ai' was taken"
[ "$(answer_to "$(printf 'a%.0s' {1..21})")" = "a name is at most 20 characters." ] ||
    fail "a long name was taken"
[ "$(answer_to "bad^Aname")" = "a name is letters, digits, '_' and '-'." ] ||
    fail "a control character was taken"
grep -q "root:" <<<"$screen" && fail "/etc/passwd reached the screen"
[ -e "$x" ] && fail ":save wrote $x"
keys_to a q
[ "$(wait_rc a)" = 0 ] || fail "the door's session did not end well"

# 5. A second key claims the taken name: refused; it has no player until it chooses one.
start_cmd b "ssh -tt $SSH_OPTS -i $INST/key-b $DOOR@127.0.0.1"
wait_on b "Name or code:"
keys_to b -l "$ALICE"
keys_to b Enter
wait_on b "$ALICE is not available; choose another name"
keys_to b -l "${ALICE^^}"
keys_to b Enter
wait_on b "${ALICE^^} is not available; choose another name"
keys_to b C-d
[ "$(wait_rc b)" = 0 ] || fail "leaving at the name prompt did not end well"
out=$(door b "$DOOR@127.0.0.1" games 2>&1)
[ $? = 1 ] && grep -q "this key has no player here yet" <<<"$out" || fail "key b has a player: $out"
out=$(door a "$DOOR@127.0.0.1" games 2>&1)
[ $? = 0 ] || fail "alice's key cannot list games: $out"

# 6. alice adds key b with a one-time code from a session of key a.
out=$(door a "$DOOR@127.0.0.1" addkey 2>&1)
code=$(sed -n 's/^Your code for another key: \([0-9]*\)\..*/\1/p' <<<"$out")
[ -n "$code" ] || fail "addkey gave no code: $out"
start_cmd b "ssh -tt $SSH_OPTS -i $INST/key-b $DOOR@127.0.0.1"
wait_on b "Name or code:"
keys_to b -l "$code"
keys_to b Enter
wait_on b "HALMA CLUB  $ALICE"
out=$(door b "$DOOR@127.0.0.1" games 2>&1)
[ $? = 0 ] || fail "key b, alice's now, cannot list games: $out"

# 7. A closed club: a new key cannot log in at all; a player's key still can.
printf 'account: %s\nentry: closed\n' "$DOOR" >"$INST/club/door.conf"
out=$(door c "$DOOR@127.0.0.1" games 2>&1)
[ $? = 255 ] && grep -q "Permission denied" <<<"$out" || fail "a closed club let a new key in: $out"
out=$(door a "$DOOR@127.0.0.1" games 2>&1)
[ $? = 0 ] || fail "a closed club shut a player's key out: $out"
printf 'account: %s\nentry: open\n' "$DOOR" >"$INST/club/door.conf"

# 8. An account holder: a host beginning with '-' is refused before ssh runs.
out=$("$HALMA" --join "$GAME@-oProxyCommand=touch $x" 2>&1)
[ $? = 2 ] && [ ! -e "$x" ] || fail "a host starting with '-' was given to ssh: $out"
as_cli() { (cd "$INST" && setpriv --reuid="$CLI" --regid="$CLI" --clear-groups --reset-env "$@"); }
out=$(as_cli "$INST/halma" --club games @127.0.0.1 --remote-cmd "$INST/halma" </dev/null 2>&1)
[ $? = 0 ] || fail "--club games @127.0.0.1: $out"
grep -q "printed 2 lines before halma answered there" <<<"$out" ||
    fail "the start-up file's lines were not reported: $out"
out=$(as_cli "$INST/halma" --club games @127.0.0.1 --remote-cmd /nonexistent/halma </dev/null 2>&1)
[ $? = 1 ] && grep -q "remote-cmd" <<<"$out" || fail "a missing remote halma: $out"

# 9. A game through ssh: root hosts here, the account holder joins from the client user's
# terminal with --join NAME@127.0.0.1, through `halma --relay game NAME` as $ACCT.
start host --host "$GAME" --size 8 --first 1
wait_on host "join: halma --join $ME/$GAME"
gcode=$(code_of host)
join_through_ssh() { # the client user joins the game on "another host", this one
    start_cmd joiner "cd $INST && setpriv --reuid=$CLI --regid=$CLI --clear-groups --reset-env \
        $INST/halma --join $GAME@127.0.0.1 $gcode --remote-cmd $INST/halma 2>$TMP/joiner.err"
    wait_on joiner "Joined $GAME@127.0.0.1 as player 2"
}
join_through_ssh
wait_on host "$ACCT joined as player 2"
keys_to host ':d1-e2' Enter
wait_on joiner "1. d1-e2"
keys_to joiner ':e8-d7' Enter
wait_on host "1. e8-d7"
# Watching through ssh, the same way, from the same user's terminal; with no code given,
# the game's answer says one is needed, and it is asked for (echo off) before the screen.
start_cmd watcher "cd $INST && setpriv --reuid=$CLI --regid=$CLI --clear-groups --reset-env \
    $INST/halma --watch $GAME@127.0.0.1 --remote-cmd $INST/halma 2>$TMP/watcher.err"
wait_on watcher "Invite code for $GAME@127.0.0.1:"
keys_to watcher -l "$gcode"
screen_of watcher | grep -qF "$gcode" && fail "the code was echoed"
keys_to watcher Enter
wait_on watcher "1. e8-d7"
wait_on host "1 watching"
# The joiner's ssh drops: the seat is held, and joining again takes it back.
ssh_pid=$(pgrep -P "$(pid_of joiner)" -x ssh)
[ -n "$ssh_pid" ] || fail "no ssh under the joiner's halma"
kill -KILL $ssh_pid
wait_on host "dropped out"
join_through_ssh
wait_on joiner "1. e8-d7"
keys_to host ':e2-f3' Enter
wait_on joiner "2. e2-f3"
wait_on watcher "2. e2-f3"
echo "door through sshd ok (port $PORT)"
