# Bad peers on the socket (a raw client through socat): garbage, an overlong line, a move
# out of turn, a flood, silence. Each is answered or cut off; the host keeps its game and
# goes on serving the real joiner.
. "$(dirname "$0")/net_lib.bash"
command -v socat >/dev/null || fail "socat is needed"
start host --host club --size 8 --first 1
wait_on host "join: halma --join $ME/club"
sock="$GAMES/halma-club.sock"
raw() { timeout 20 socat -t 2 - "UNIX-CONNECT:$sock" 2>&1; }

# A raw player: takes seat 2, then sends what a real client never would.
long=$(head -c 6000 /dev/zero | tr '\0' x)
out=$(printf 'hello 1 play any -\nlaunch missiles\n%s\nmove d1-e2\nmove zz\nmove a1-h8\n' "$long" | raw)
echo "$out" | grep -q "^welcome play 2 $ME" || fail "the raw player was not seated: $out"
echo "$out" | grep -q "^record " || fail "no record sent: $out"
echo "$out" | grep -q "^error unknown message 'launch'" || fail "garbage not refused: $out"
echo "$out" | grep -q "^error a line longer than 4096 bytes" || fail "long line not refused: $out"
echo "$out" | grep -q "^error it is not your turn" || fail "out of turn not refused: $out"
echo "$out" | grep -q "^error 'zz' is not a move" || fail "a bad move word not refused: $out"
wait_on host "dropped out" # its connection closed: the seat is held for the same user

# A flood: cut off; a silent connection: dropped after the hello bound.
# The whole flood goes out in one write, before the host cuts it off.
(printf 'hello 1 watch - -\n'; for i in $(seq 500); do echo "say flood $i"; done) >"$TMP/flood"
out=$(timeout 20 socat -b 65536 -t 2 - "UNIX-CONNECT:$sock" <"$TMP/flood" 2>&1)
echo "$out" | grep -q "^closing flooding" || fail "a flood was not cut off: $(echo "$out" | tail -3)"
out=$(timeout 20 socat -u "UNIX-CONNECT:$sock" - 2>&1)
[ "$out" = "refused no hello in time" ] || fail "a silent client: $out"

# The game is untouched, and a real client takes the held seat and plays.
screen_of host | grep -q "Last moves:" || fail "the host's screen is gone"
screen_of host | grep -qE '[0-9]+\. ' && fail "a move was played by a bad peer"
start joiner --join club
wait_on joiner "Joined club as player 2"
keys_to host ':d1-e2' Enter
wait_on joiner "1. d1-e2"
keys_to joiner ':e8-d7' Enter
wait_on host "1. e8-d7"
echo "net peers ok"
