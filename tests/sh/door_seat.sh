# One player, two connections, through a real sshd: alice adds a second key with addkey and
# opens from it the game her first key plays. She is asked before the seat moves; taken
# over, the first connection is told so and stays in its lobby, connected, and the seat
# stays where it went. Then her connection drops: the opponent sees the seat held, and
# logging in again with her key goes straight back into the game.
#
# Needs root (accounts, sshd) and Debian's openssh-server; without them it says why and
# exits 77, which scripts/run-tests.sh counts as skipped, never as passed.
[ "$(id -u)" = 0 ] || { echo "SKIP: not root: cannot add accounts or run sshd"; exit 77; }
[ -x /usr/sbin/sshd ] || { echo "SKIP: no /usr/sbin/sshd (openssh-server)"; exit 77; }
command -v ssh >/dev/null || { echo "SKIP: no ssh (openssh-client)"; exit 77; }
. "$(dirname "$0")/door_lib.bash"

command_to() { keys_to "$1" ":$2" Enter; }
at_door() { start_cmd "$1" "ssh -tt $SSH_OPTS -i $INST/key-$2 $DOOR@127.0.0.1"; }
# arrive PERSON KEY NAME: a key's first visit, a name (or a code) given, the lobby reached.
arrive() {
    at_door "$1" "$2"
    wait_on "$1" "Name or code:"
    keys_to "$1" -l "$3"
    keys_to "$1" Enter
}
# The ssh in a person's terminal, killed as a dropped connection would end it.
drop() {
    local pid
    pid=$(pgrep -P "$(tmux -L "$(server_of "$1")" display -p '#{pane_pid}')" -x ssh)
    [ -n "$pid" ] || fail "no ssh in $1's terminal"
    kill -KILL "$pid"
}

# 1. alice and bob meet and begin a game by correspondence; both sit at it.
ALICE=$(free_name alice) BOB=$(free_name bob)
arrive a a "$ALICE"
wait_on a "HALMA CLUB  $ALICE"
arrive b b "$BOB"
wait_on b "HALMA CLUB  $BOB"
command_to a "seek players=2 size=8 first=1 pace=days:3"
wait_on b "1 seat open"
command_to b "accept 1"
wait_on a "your move"
command_to a "play 1"
wait_on a "your turn (player 1)"
command_to b "play 1"
wait_on b "player 1's turn ($ALICE)"

# 2. alice's second key, added with a code from her first, comes into her lobby.
out=$(door a "$DOOR@127.0.0.1" addkey 2>&1)
code=$(sed -n 's/^Your code for another key: \([0-9]*\)\..*/\1/p' <<<"$out")
[ -n "$code" ] || fail "addkey gave no code: $out"
arrive a2 c "$code"
wait_on a2 "HALMA CLUB  $ALICE"

# 3. The second opens the game: asked first; n leaves the seat where it is.
command_to a2 "play 1"
wait_on a2 "You are playing game 1 from another connection; take it over? (y/n)"
keys_to a2 n
wait_on a2 "game 1 stays with your other connection"
command_to a "d1-e2"
wait_on b "1. d1-e2"
wait_on a "1. d1-e2"

# 4. Asked again, y takes it over: the first is told, and stays in its lobby, connected.
command_to a2 "play 1"
wait_on a2 "take it over? (y/n)"
keys_to a2 y
wait_on a2 "player 2's turn ($BOB)"
wait_on a "game 1 taken over by your other connection"
wait_on a "HALMA CLUB  $ALICE"
wait_on a "Your games"
screen_of a | grep -q "not connected" && fail "the first connection lost the club"
# The seat stays with the second: bob's move reaches it, its move reaches bob; the first
# asks the club again and is still there, still in the lobby.
command_to b "e8-d7"
wait_on a2 "1. e8-d7"
command_to a2 "e2-f3"
wait_on b "2. e2-f3"
keys_to a r
wait_on a "asked the club again"
screen_of a | grep -q "not connected" && fail "the first connection lost the club after r"
screen_of a2 | grep -q "taken over" && fail "the seat went back to the first connection"
# The first opening it now is asked in turn.
command_to a "play 1"
wait_on a "You are playing game 1 from another connection; take it over? (y/n)"
keys_to a n
wait_on a "game 1 stays with your other connection"

# 5. The second's connection drops: bob sees the seat held for alice, by name.
drop a2
wait_on b "$ALICE: away, seat held"
wait_on b "1 $ALICE, away"
command_to b "f7-e6"
wait_on b "2. f7-e6"
wait_on b "player 1's turn ($ALICE: away, seat held)"

# 6. Logging in again with her key goes straight back into the game, where she left it.
at_door a3 c
wait_on a3 "2. f7-e6"
wait_on a3 "your turn (player 1)"
wait_on b "$ALICE is back"
command_to a3 "f3-g4"
wait_on b "3. f3-g4"
"$INST/halma" --club-dir "$INST/club" --club record 1 >"$TMP/seat-1.halma" 2>&1 ||
    fail "no record of game 1: $(cat "$TMP/seat-1.halma")"
grep -q "^1\. d1-e2 e8-d7$" "$TMP/seat-1.halma" && grep -q "^2\. e2-f3 f7-e6$" "$TMP/seat-1.halma" &&
    grep -q "^3\. f3-g4$" "$TMP/seat-1.halma" || fail "the club's record lost moves: $(cat "$TMP/seat-1.halma")"
echo "door seat ok (port $PORT)"
