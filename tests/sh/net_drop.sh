# Drops and hang-ups: a joiner's terminal goes away mid-game, the host says it waits, the
# same user joins again at the current position; the host hangs up, the joiner is told
# and exits cleanly, --resume hosts the game again under its name and the joiner comes
# back; a seat whose player is gone goes to the computer with :ai.
. "$(dirname "$0")/net_lib.bash"
start host --host club --size 8 --first 1 --seed 5
wait_on host "join: halma --join $ME/club"
start joiner --join club
wait_on host "$ME joined as player 2"
keys_to host ':d1-e2' Enter
wait_on joiner "1. d1-e2"
keys_to joiner ':e8-d7' Enter
wait_on host "1. e8-d7"
keys_to host ':c1-d1' Enter
wait_on joiner "2. c1-d1"

# The joiner's terminal closes (its SSH dropped): its halma ends, the seat is held, the
# host waits.
dropped=$(pid_of joiner)
[ -n "$dropped" ] || fail "no halma runs in the joiner's terminal"
tmux -L "$(server_of joiner)" kill-server
wait_on host "waiting for $ME (player 2) to come back"
wait_on host "2 $ME?"
if ! wait_processes_end "$dropped"; then
    kill -KILL "$dropped"
    # A sanitizer build checks for leaks at exit, which can hang with its terminal gone
    # (see stop_server); any other build must simply end.
    [ -n "${SANITIZE:-}" ] || fail "the joiner's halma still runs after its terminal closed"
fi
"$HALMA" --games | grep -E "^club +$ME +0 " >/dev/null || fail "a held seat is listed as free"
start joiner --join club
wait_on joiner "Joined club as player 2"
wait_on joiner "2. c1-d1"
wait_on host "$ME is back as player 2"
keys_to joiner ':f7-e6' Enter
wait_on host "2. f7-e6"

# Undo needs the other player's consent: the host is asked y/n, says n, then y.
keys_to joiner U
wait_on host "asks to take back to player 2's last turn. Agree? (y/n)"
keys_to host n
wait_on joiner "no undo: $ME said no"
keys_to joiner U
wait_on host "Agree? (y/n)"
keys_to host y
wait_on joiner "took back 1 moves"
wait_on host "took back 1 moves"
screen_of joiner | grep -q "2. f7-e6" && fail "the joiner still shows the move taken back"
keys_to joiner ':f7-e6' Enter
wait_on host "2. f7-e6"

# The host's terminal hangs up: the game is saved, the joiner is told and leaves.
kill -HUP "$(pid_of host)"
[ "$(wait_rc host)" = 129 ] || fail "the host's exit status after SIGHUP is not 129"
[ "$(wait_rc joiner)" = 0 ] || fail "the joiner did not leave cleanly"
grep -q "the host left" "$TMP/joiner.err" || fail "the joiner was not told: $(cat "$TMP/joiner.err")"
grep -q "^host: club" "$XDG_STATE_HOME/halma/autosave.halma" || fail "the autosave lacks its host name"
"$HALMA" --games | grep -q "No games are open" || fail "the game is still listed"

# --resume hosts it again under the same name; the joiner comes back to the same position.
start host --resume
wait_on host "join: halma --join $ME/club"
wait_on host "2. f7-e6"
start joiner --join club
wait_on joiner "2. f7-e6"
wait_on joiner "Player 1 to move"

# The joiner leaves for good: the host gives the seat to the computer, which plays it.
keys_to joiner q
wait_on joiner "(y/n)"
keys_to joiner y
[ "$(wait_rc joiner)" = 0 ] || fail "the joiner did not quit cleanly"
wait_on host "dropped out"
keys_to host ':ai 2' Enter
wait_on host "player 2 is played by the computer now"
keys_to host ':d1-c1' Enter
wait_on host "3. d1-c1"
for ((i = 0; i < WAIT_STEPS; i++)); do
    screen_of host | grep -qE '■ 3\. ' && break
    sleep 0.05
done
screen_of host | grep -qE '■ 3\. ' || fail "the computer did not play seat 2"

# The host quits an unfinished game: it is saved for --resume, as the others were told.
rm -f "$XDG_STATE_HOME/halma/autosave.halma"
keys_to host q
wait_on host "(y/n)"
keys_to host y
[ "$(wait_rc host)" = 0 ] || fail "the host did not quit cleanly"
grep -q "^host: club" "$XDG_STATE_HOME/halma/autosave.halma" || fail "quitting did not save the game"
echo "net drop ok"
