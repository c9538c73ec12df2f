# The club's door through a real sshd (needs root): what one player in the lobby costs the
# host, sshd's processes for the session and halma's together (proportional set size, so
# that shared pages are counted once across sessions), and the processor time those
# processes use in ten idle seconds; the time from a move typed in one ssh session to the
# other's screen; 50 sessions at once, in the lobby together; and the computer's answer to
# one player, alone and while another's ten games against it wait.
if [ "$(id -u)" != 0 ] || [ ! -x /usr/sbin/sshd ]; then
    echo "door: skipped (needs root and /usr/sbin/sshd)"
    exit 0
fi
# The crowd comes from one address: the limits on new players are raised for it; the rest
# are the defaults.
DOOR_LIMITS=$'new-players-per-hour: 100\nnew-players-per-address: 100\n'
. "$(dirname "$0")/../../tests/sh/door_lib.bash"
SESSIONS=5 CROWD=50
for ((k = 1; k <= CROWD; k++)); do ssh-keygen -q -t ed25519 -N '' -f "$INST/key-p$k" || fail "ssh-keygen"; done
ssh_to_door() { echo "ssh -tt $SSH_OPTS -i $INST/key-$1 $DOOR@127.0.0.1"; }

# 1. Five players in the lobby, each having chosen a name at the door.
for ((s = 1; s <= SESSIONS; s++)); do
    start_cmd "s$s" "$(ssh_to_door "p$s")"
    wait_on "s$s" "Name or code:"
    keys_to "s$s" -l "p$s"
    keys_to "s$s" Enter
    wait_on "s$s" "HALMA CLUB  p$s"
done
wait_on s1 "Here ($SESSIONS)"
# A session's processes: halma --door and its ancestors below the listening sshd.
session_pids() {
    local p=$1
    while [ -n "$p" ] && [ "$p" != "$SSHD_PID" ] && [ "$p" != 1 ]; do
        echo "$p"
        p=$(awk '{print $4}' "/proc/$p/stat")
    done
}
pss_kib() { awk '/^Pss:/ {s += $2} END {print s}' $(for p in "$@"; do echo "/proc/$p/smaps_rollup"; done); }
ticks() { for p in "$@"; do awk '{print $14 + $15}' "/proc/$p/stat"; done | awk '{s += $1} END {print s}'; }
measure() { # sets all (every session's processes) and sizes (total, halma's, count a session)
    all="" sizes=""
    local d pids
    for d in $(pgrep -u "$DOOR" -x halma); do
        pids=$(session_pids "$d")
        all="$all $pids"
        sizes="$sizes$(pss_kib $pids) $(pss_kib "$d") $(echo $pids | wc -w)"$'\n'
    done
}
measure
[ "$(grep -c . <<<"$sizes")" = "$SESSIONS" ] || fail "expected $SESSIONS door sessions: $sizes"
read -r total halma count < <(sort -n <<<"$sizes" | sed -n "$(((SESSIONS + 1) / 2))p")
echo "door: one player in the lobby: $total KiB PSS, median of $SESSIONS sessions" \
    "($count processes: sshd's and halma, $halma KiB of it halma's)"
before=$(ticks $all)
sleep 10
after=$(ticks $all)
echo "door: $SESSIONS idle sessions used $((after - before)) clock ticks of processor time in 10 s"
for ((s = 1; s <= SESSIONS; s++)); do keys_to "s$s" q; done

# 2. A move from one ssh session to the other's screen: p1 and p2 meet in the lobby and
# play 16x16; the club's record must hold every move timed.
"$BUILD/tools/netlat" --door "$(ssh_to_door p1)" "$(ssh_to_door p2)" 40 >"$TMP/lat.out" ||
    fail "netlat --door: $(cat "$TMP/lat.out")"
grep "median" "$TMP/lat.out"
played=$(sed -n 's/^door: moves played //p' "$TMP/lat.out")
recorded=$("$INST/halma" --club-dir "$INST/club" --club record 1 | grep -E '^[0-9]+\. ' |
    sed 's/^[0-9]*\. //' | wc -w)
[ "$played" = "$recorded" ] || fail "the club's record holds $recorded moves of the $played played"

# 3. A crowd: 50 sessions at once, each a key choosing its name and staying in the lobby,
# started in fives (sshd's MaxStartups drops unauthenticated connections beyond ten).
crowd_pids=""
started=$(date +%s.%N)
for ((k = 1; k <= CROWD; k++)); do
    { printf 'p%d\r' "$k"; sleep 600; } | $(ssh_to_door "p$k") >/dev/null 2>&1 &
    crowd_pids="$crowd_pids $!"
    if ((k % 5 == 0)); then
        for ((i = 0; i < WAIT_STEPS; i++)); do
            [ "$(pgrep -u "$DOOR" -x halma | wc -l)" -ge "$k" ] && break
            sleep 0.05
        done
    fi
done
start_cmd watch "$(ssh_to_door p1)"
wait_on watch "Here ($CROWD)"
ready=$(date +%s.%N)
measure
n=$(grep -c . <<<"$sizes")
sum=$(awk '{s += $1} END {print s}' <<<"$sizes")
echo "door: $CROWD sessions at once in the lobby: all in after $(awk -v a="$started" -v b="$ready" \
    'BEGIN {printf "%.1f", b - a}') s; $n sessions, $((sum / 1024)) MiB PSS together" \
    "($((sum / n)) KiB each); load average $(cut -d' ' -f1 /proc/loadavg)"
before=$(ticks $all)
sleep 10
after=$(ticks $all)
echo "door: $n idle sessions used $((after - before)) clock ticks of processor time in 10 s"
kill $crowd_pids 2>/dev/null
pkill -u "$DOOR" -x halma 2>/dev/null

# 4. The computer's first move for p2 (ai:5, moving first), alone; then again just after p1
# has opened the ten games against it that computer-games-per-player allows (the eleventh is
# refused). The worker takes each player's games in turn.
command_to() { keys_to "$1" ":$2" Enter; }
computer_moved() { "$INST/halma" --club-dir "$INST/club" --club record "$1" 2>/dev/null | grep -q '^1\. '; }
seconds_until_moved() { # GAME: seconds from now until the computer has moved in it
    local t0 i
    t0=$(date +%s.%N)
    for ((i = 0; i < 40 * WAIT_STEPS; i++)); do
        computer_moved "$1" && break
        sleep 0.02
    done
    computer_moved "$1" || fail "the computer never moved in game $1"
    awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.2f", b - a}'
}
start_cmd s1 "$(ssh_to_door p1)"
start_cmd s2 "$(ssh_to_door p2)"
wait_on s1 "HALMA CLUB  p1"
wait_on s2 "HALMA CLUB  p2"
command_to s2 "seek to=ai:5 first=2 pace=days:3"
alone=$(seconds_until_moved 2)
for i in $(seq 11); do command_to s1 "seek to=ai:5 first=2 pace=days:3"; done
wait_on s1 "limit computer-games-per-player: 10 at once"
command_to s2 "seek to=ai:5 first=2 pace=days:3"
behind=$(seconds_until_moved 13)
waiting=0
for g in $(seq 3 12); do computer_moved "$g" || waiting=$((waiting + 1)); done
echo "door: the computer's first move (ai:5) for a player: ${alone} s alone, ${behind} s just" \
    "after another opened 10 games against it ($waiting of those still waiting then)"
