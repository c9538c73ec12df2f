# The club at rest, with real programs: two Unix users (root and user 65534 through runuser)
# each running halma --club in a terminal of its own at 80x24, and the club server the first
# one started. Each figure is taken over 10 quiet seconds (5 for the last), after a wait for a
# second in which nobody used a tick (up to 20 s):
#  - the bytes the club sends each player in a clocked game (clock:3+2, four moves made, the
#    mover thinking): nothing while nobody moves, the clients count down their copies of the
#    clocks. Counted at the wire: strace attached to each client (and the server) for those
#    10 s, adding up what its recvfrom/recvmsg calls return (the server's sendto/sendmsg);
#    an idle process makes few calls, so the tracing barely touches it. For contrast, the
#    bytes one move brings the other player.
#  - the CPU (clock ticks, user and system) and wake-ups (voluntary context switches) of a
#    client in the lobby, of the club server, and of a client in an untimed game (pace=live);
#  - for contrast, of a client whose panel shows a running clock: once a second (clock:3+2),
#    and ten times a second under ten seconds (live:15, over 5 s from 9 s left).
if [ "$(id -u)" != 0 ] || ! command -v runuser strace >/dev/null || ! getent passwd 65534 >/dev/null; then
    echo "club idle: skipped (needs root, runuser, strace and user 65534)"
    exit 0
fi
. "$(dirname "$0")/../../tests/sh/club_lib.bash"
# The halma in a person's terminal, under runuser too (its session is the pane's).
client_pid() {
    pgrep -s "$(tmux -L "$(server_of "$1")" display -p '#{pane_pid}')" -x 'halma(-copy)?' | head -1
}
wakes_of() { awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$1/status"; }
# wire PID SECONDS SYSCALLS: the bytes PID's SYSCALLS (comma-separated) return in SECONDS,
# under strace (run it in the background to trace several at once); then wire_sum PID.
wire() {
    strace -qq -o "$TMP/wire.$1" -e trace="$3" -p "$1" &
    local tracer=$!
    sleep "$2"
    kill -INT "$tracer"
    wait "$tracer" 2>/dev/null
}
wire_sum() { awk -F'= ' '/^(recv|send)/ && $NF + 0 > 0 {n += $NF} END {print n + 0}' "$TMP/wire.$1"; }
# Waits (up to 20 s) for a second in which none of the processes given uses a tick.
settle() {
    local i p quiet
    declare -A t
    for ((i = 0; i < 20; i++)); do
        for p in "$@"; do t[$p]=$(ticks "$p"); done
        sleep 1
        quiet=1
        for p in "$@"; do [ "$(ticks "$p")" = "${t[$p]}" ] || quiet=0; done
        [ "$quiet" = 1 ] && return
    done
}
# measure SECONDS PID...: each process's ticks and wake-ups over SECONDS, into T[pid] W[pid].
declare -A T W
measure() {
    local s=$1 p
    shift
    for p in "$@"; do T[$p]=$(ticks "$p") W[$p]=$(wakes_of "$p"); done
    sleep "$s"
    for p in "$@"; do
        T[$p]=$(($(ticks "$p") - T[$p])) W[$p]=$(($(wakes_of "$p") - W[$p]))
    done
}
cpu_line() { # WHAT PID SECONDS
    echo "club idle: $1: ${T[$2]} ticks, ${W[$2]} wake-ups in $3 s"
}
moves() { # four moves, me first
    command_to me "b3-c4"
    wait_on them "1. b3-c4"
    command_to them "g6-f5"
    wait_on me "g6-f5"
    command_to me "c4-d5"
    wait_on them "2. c4-d5"
    command_to them "f5-e4"
    wait_on me "f5-e4"
}
leave_game() { # the one who resigns, then both back in the lobby
    command_to "$1" resign
    wait_on "$1" "Resign this game? (y/n)"
    keys_to "$1" y
    wait_on me "resigned"
    wait_on them "resigned"
    keys_to me q
    keys_to them q
    wait_on me "HALMA CLUB"
    wait_on them "HALMA CLUB"
}

start me --club
wait_on me "HALMA CLUB"
start_other them --club
wait_on them "HALMA CLUB"
wait_on me "Here (2)"
srv=$(server_pid) a=$(client_pid me) b=$(client_pid them)
[ -n "$srv" ] && [ -n "$a" ] && [ -n "$b" ] || fail "no pids: server '$srv' clients '$a' '$b'"

# 1. Both in the lobby.
settle "$srv" "$a" "$b"
measure 10 "$srv" "$a" "$b"
cpu_line "a client in the lobby" "$a" 10
cpu_line "the club server, two clients in the lobby" "$srv" 10

# 2. An untimed game (pace=live), four moves made, the mover thinking.
begin_game 1 "players=2 size=8 first=1 pace=live"
moves
settle "$srv" "$a" "$b"
measure 10 "$srv" "$a" "$b"
cpu_line "the mover's client, untimed game (pace=live)" "$a" 10
cpu_line "the waiting player's client, untimed game" "$b" 10
cpu_line "the club server, one untimed game" "$srv" 10
leave_game me

# 3. A clocked game (clock:3+2), four moves made, the mover's clock running on both screens.
begin_game 2 "players=2 size=8 first=1 pace=clock:3+2"
moves
wait_on me " 2:5"
settle "$srv" "$a" "$b"
measure 10 "$srv" "$a" "$b"
cpu_line "the mover's client, its clock shown running (whole seconds)" "$a" 10
cpu_line "the waiting player's client, the mover's clock running" "$b" 10
cpu_line "the club server, one clocked game" "$srv" 10
# The bytes, over 10 s more (the CPU figures above were taken untraced).
wire "$a" 10 recvfrom,recvmsg &
wire "$b" 10 recvfrom,recvmsg &
wire "$srv" 10 sendto,sendmsg &
wait
echo "club idle: clocked game (clock:3+2), nobody moving: the club sends the mover" \
    "$(($(wire_sum "$a") / 10)) B/s, the other player $(($(wire_sum "$b") / 10)) B/s" \
    "(in 10 s: $(wire_sum "$a") B, $(wire_sum "$b") B; the server sent $(wire_sum "$srv") B in all)"
# For contrast, what one move brings the other player (its line and both clocks).
wire "$b" 2 recvfrom,recvmsg &
sleep 0.5
command_to me "d1-e2"
wait_on them "3. d1-e2"
wait
echo "club idle: for contrast, one move in that game: the other player's client read $(wire_sum "$b") B"
leave_game me

# 4. Under ten seconds the clock shows tenths: a live:15 game, the mover below 9 s.
begin_game 3 "players=2 size=8 first=1 pace=live:15"
moves
WAIT_STEPS=400 wait_on me " 9."
measure 5 "$srv" "$a" "$b"
cpu_line "the mover's client, its clock under 10 s (tenths)" "$a" 5
cpu_line "the club server, the mover under 10 s" "$srv" 5
