# A stranger at the club's door, through a real sshd: a refused name reads "not available"
# whatever the reason, and a session's tries are few; the board is drawn in Unicode though
# the client sends no LANG; a new 8x8 game plays spoil=strict and its record says so; the
# door's help lists only what the door does, and its refusals fit 80 columns; q in a club
# game's game-over box goes back to the lobby, the ssh connection still up.
#
# Needs root (accounts, sshd) and Debian's openssh-server; without them it says why and
# exits 77, which scripts/run-tests.sh counts as skipped, never as passed.
[ "$(id -u)" = 0 ] || { echo "SKIP: not root: cannot add accounts or run sshd"; exit 77; }
[ -x /usr/sbin/sshd ] || { echo "SKIP: no /usr/sbin/sshd (openssh-server)"; exit 77; }
command -v ssh >/dev/null || { echo "SKIP: no ssh (openssh-client)"; exit 77; }
. "$(dirname "$0")/door_lib.bash"

ssh_alive() { pgrep -P "$(tmux -L "$(server_of "$1")" display -p '#{pane_pid}')" -x ssh >/dev/null; }
# The client's terminal has a UTF-8 locale, but ssh (no SendEnv) passes none of it.
door_session() { start_cmd "$1" "ssh -tt $SSH_OPTS -i $INST/key-$1 $DOOR@127.0.0.1"; }

# 1. Names: a login of this host and a reserved word read as a player's name does.
ALICE=$(free_name alice)
door_session a
wait_on a "Name or code:"
for typed in root ai; do
    keys_to a -l "$typed"
    keys_to a Enter
    wait_on a "$typed is not available; choose another name."
done
keys_to a -l "$ALICE"
keys_to a Enter
wait_on a "HALMA CLUB  $ALICE"
# Another key: alice's name is not available either, and five refusals end the session.
door_session b
wait_on b "Name or code:"
for typed in "$ALICE" root uid0 open "${ALICE^^}"; do
    keys_to b -l "$typed"
    keys_to b Enter
    wait_on b "$typed is not available; choose another name."
done
wait_on b "That is 5 tries; goodbye."
[ "$(wait_rc b)" = 1 ] || fail "the session did not end after five refused names"
screen_of b | grep -q "is taken" && fail "a refusal said which kind of name it was"

# 2. The lobby's help at the door: no :record N FILE, which the door refuses; the refusal
# whole on an 80-column line.
keys_to a '?'
wait_on a "HALMA CLUB - keys"
screen_of a | grep -q "record N FILE" && fail "the door's help offers :record N FILE"
keys_to a q
wait_on a "HALMA CLUB  $ALICE"
command_to a "record 1 /tmp/x"
wait_on a "the door keeps no files: :open N shows a game, ssh HOST record N prints it"

# 3. A new 8x8 game against the computer: drawn in Unicode, played under strict.
command_to a "seek size=8 to=ai:2 first=1 maxturns=1 pace=live" # played at once
wait_on a "Your turn"
screen_of a | grep -q "●" || fail "no ● without LANG from the client"
screen_of a | grep -q "@" && fail "pieces drawn in ASCII without LANG from the client"
club_record 1 >"$TMP/g1.halma" || fail "no record of game 1: $(cat "$TMP/g1.halma")"
grep -qx "spoil: strict" "$TMP/g1.halma" || fail "the 8x8 game's record: $(cat "$TMP/g1.halma")"

# 4. The game ends on the board (the move limit); its box offers what the door does, and q
# goes back to the lobby, the connection kept.
command_to a "d1-e2"
wait_on a "Game over"
wait_on a "q back to the lobby"
box=$(screen_of a)
grep -q "s save\|N new game\|q quit" <<<"$box" && fail "the box offers what the door refuses: $box"
keys_to a q
wait_on a "HALMA CLUB  $ALICE"
ssh_alive a || fail "q in the game-over box ended the ssh connection"
# The finished game opened from the lobby, q once more: the lobby again.
command_to a "open 1"
wait_on a "club game 1 (archive, 2 moves): q goes back to the lobby"
keys_to a p # play on: refused, in words that fit and name no file
wait_on a "an archived game is only looked at (ssh HOST record N prints it)"
keys_to a q
wait_on a "HALMA CLUB  $ALICE"
ssh_alive a || fail "q on a finished game's board ended the ssh connection"

# 5. A tournament a player of the host made: the stranger joins it from the lobby, and may
# not make one.
"$INST/halma" --club-dir "$INST/club" --club tournament new dusk system=swiss rounds=1 size=8 \
    pace=days:3 >/dev/null 2>&1 || fail "the host's player could not make a tournament"
command_to a "tournament join dusk"
wait_on a "$ALICE joined dusk (1 player)"
command_to a "tournament new mine system=swiss rounds=1 size=8"
wait_on a "a tournament is created by a player of the host; from the door, join one"
listed=$("$INST/halma" --club-dir "$INST/club" --club tournament list 2>&1)
grep -q "^dusk: Swiss of 1 round, 1 player, taking entries" <<<"$listed" ||
    fail "the shell does not list the stranger in the tournament: $listed"
keys_to a Escape
keys_to a q
[ "$(wait_rc a)" = 0 ] || fail "the lobby's q did not end the session well"
echo "door stranger ok (port $PORT)"
