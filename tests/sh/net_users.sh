# Another user (uid 65534, through setpriv) needs the invite code: refused without one and
# with a wrong one, admitted with the right one and named by its login name on the host.
. "$(dirname "$0")/net_lib.bash"
command -v setpriv >/dev/null || fail "setpriv (util-linux) is needed"
[ "$(id -u)" = 0 ] || { echo "not root: cannot act as another user; skipped"; exit 0; }
other=$(getent passwd 65534 | cut -d: -f1)
[ -n "$other" ] || other=uid65534
start host --host club --size 8 --first 1
wait_on host "join: halma --join club"
code=$(screen_of host | sed -n 's/.*join: halma --join club \([a-z0-9]*\).*/\1/p')
cp "$HALMA" "$TMP/halma-copy" && chmod 755 "$TMP/halma-copy"
as_other() { setpriv --reuid=65534 --regid=65534 --clear-groups "$TMP/halma-copy" "$@" </dev/null 2>&1; }

out=$(as_other --join club)
[ $? = 1 ] || fail "joining without a code did not exit 1: $out"
[ "$out" = "halma: this game needs the invite code its host shows (halma --join club CODE)" ] ||
    fail "without a code: $out"
out=$(as_other --join club zzzzzz)
[ $? = 1 ] && [ "$out" = "halma: wrong invite code" ] || fail "with a wrong code: $out"
out=$(as_other --watch club)
[ $? = 1 ] || fail "watching without a code did not exit 1: $out"
out=$(as_other --join club "$code" --seat 1)
[ $? = 1 ] && [ "$out" = "halma: seat 1 is played at the host's keyboard" ] || fail "seat 1: $out"

start_as joiner 65534 --join club "$code"
wait_on joiner "Joined club as player 2, hosted by $ME"
wait_on host "$other joined as player 2"
wait_on host "2 $other"
keys_to host ':d1-e2' Enter
wait_on joiner "1. d1-e2"
keys_to joiner ':e8-d7' Enter
wait_on host "1. e8-d7"
echo "net users ok"
