# The club's door: what one stranger connected through a real sshd costs the host, sshd's
# processes for the session and halma's together (proportional set size, so that shared
# pages are counted once across sessions), and the processor time those processes use in
# ten idle seconds. Five sessions at the name prompt; the median of the five. Needs root.
if [ "$(id -u)" != 0 ] || [ ! -x /usr/sbin/sshd ]; then
    echo "door: skipped (needs root and /usr/sbin/sshd)"
    exit 0
fi
. "$(dirname "$0")/../../tests/sh/door_lib.bash"
SESSIONS=5
for ((s = 1; s <= SESSIONS; s++)); do
    start_cmd "s$s" "ssh -tt $SSH_OPTS -i $INST/key-a $DOOR@127.0.0.1"
    wait_on "s$s" "Name or code:"
done
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
doors=$(pgrep -u "$DOOR" -x halma)
[ "$(wc -w <<<"$doors")" = "$SESSIONS" ] || fail "expected $SESSIONS door processes, found: $doors"
all=""
sizes=""
for d in $doors; do
    pids=$(session_pids "$d")
    all="$all $pids"
    sizes="$sizes$(pss_kib $pids) $(pss_kib "$d") $(echo $pids | wc -w)"$'\n'
done
read -r total halma count < <(sort -n <<<"$sizes" | sed -n "$(((SESSIONS + 1) / 2))p")
echo "door: one stranger at the name prompt: $total KiB PSS, median of $SESSIONS sessions" \
    "($count processes: sshd's, the account's shell and halma, $halma KiB of it halma's)"
before=$(ticks $all)
sleep 10
after=$(ticks $all)
echo "door: $SESSIONS idle sessions used $((after - before)) clock ticks of processor time in 10 s"
