# Waiting costs nothing: a host, a joiner and a watcher left alone for 5 seconds use no
# CPU to speak of (each blocks in poll on its keyboard and socket together).
. "$(dirname "$0")/net_lib.bash"
start host --host club --size 8 --first 1
wait_on host "join: halma --join $ME/club"
start joiner --join club
wait_on joiner "Joined club"
start watcher --watch club
wait_on watcher "Watching club"
keys_to host ':d1-e2' Enter
wait_on watcher "1. d1-e2"
wait_on joiner "1. d1-e2"
pids="$(pid_of host) $(pid_of joiner) $(pid_of watcher)"
declare -A before
# What the move started (the race meter's estimates, on a thread of their own) may still be
# running on a slow or busy machine: first wait, up to 20 s, for a second in which none of
# the three uses a tick. A loop that polls never gets there and fails below.
for ((i = 0; i < 20; i++)); do
    for p in $pids; do before[$p]=$(ticks "$p"); done
    sleep 1
    quiet=1
    for p in $pids; do [ "$(ticks "$p")" = "${before[$p]}" ] || quiet=0; done
    [ "$quiet" = 1 ] && break
done
for p in $pids; do before[$p]=$(ticks "$p"); done
sleep 5 # the measurement itself: nothing happens for 5 s
limit=3 # clock ticks (normally 10 ms each) in 5 s
for p in $pids; do
    used=$(($(ticks "$p") - before[$p]))
    echo "pid $p used $used ticks in 5 s"
    [ "$used" -le "$limit" ] || fail "pid $p used $used ticks while idle"
done
echo "net idle ok"
