# Another user (uid 65534, through setpriv) needs the invite code, and never has to show it
# to the others: refused without one and with a wrong one; admitted with the code from
# HALMA_CODE, typed at the prompt (not echoed), or from the command line (wiped from it at
# once, with a warning); named by its login name on the host. A joiner that names the
# host's user talks to no one else: a name squatted by another user gets no hello.
. "$(dirname "$0")/net_lib.bash"
command -v setpriv >/dev/null || fail "setpriv (util-linux) is needed"
[ "$(id -u)" = 0 ] || { echo "not root: cannot act as another user; skipped"; exit 0; }
other=$(getent passwd 65534 | cut -d: -f1)
[ -n "$other" ] || other=uid65534
start host --host club --size 8 --first 1
wait_on host "join: halma --join $ME/club"
code=$(code_of host)
[ -n "$code" ] || fail "the host's screen shows no invite code"
cp "$HALMA" "$TMP/halma-copy" && chmod 755 "$TMP/halma-copy"
as_other() { setpriv --reuid=65534 --regid=65534 --clear-groups "$TMP/halma-copy" "$@" </dev/null 2>&1; }

out=$(as_other --join club)
[ $? = 1 ] || fail "joining without a code did not exit 1: $out"
[ "$out" = "halma: the game club is hosted by $ME and needs its invite code: set HALMA_CODE, or run halma at a terminal to be asked for it" ] ||
    fail "without a code: $out"
out=$(HALMA_CODE=zzzzzz as_other --join club)
[ $? = 1 ] && [ "$out" = "halma: the invite code in HALMA_CODE is wrong for club: set it to the code the host shows, or unset it to be asked for it" ] ||
    fail "with a wrong code: $out"
out=$(as_other --watch club)
[ $? = 1 ] || fail "watching without a code did not exit 1: $out"
out=$(HALMA_CODE=$code as_other --join club --seat 1)
[ $? = 1 ] && [ "$out" = "halma: seat 1 is played at the host's keyboard" ] || fail "seat 1: $out"

# The code in the environment, which only the same user can read.
export HALMA_CODE=$code
start_as joiner 65534 --join "$ME/club"
unset HALMA_CODE
wait_on joiner "Joined $ME/club as player 2, hosted by $ME"
wait_on host "$other joined as player 2"
wait_on host "2 $other"

# The code typed at the prompt: asked for before the screen starts, never shown.
start_as typist 65534 --watch club
wait_on typist "Invite code for club, hosted by $ME:"
keys_to typist "$code" Enter
wait_on typist "Watching club"

# The code on the command line still works, but is wiped from it at once.
start_as careless 65534 --watch club "$code"
wait_on careless "Watching club"
pid=$(pid_of careless)
[ -n "$pid" ] || fail "no halma runs in the careless watcher's terminal"
tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF "$code" &&
    fail "the code is still on the command line: $(tr '\0' ' ' <"/proc/$pid/cmdline")"
grep -q "warning: an invite code on the command line can be read by every user" "$TMP/careless.err" ||
    fail "no warning about the command line: $(cat "$TMP/careless.err")"

keys_to host ':d1-e2' Enter
wait_on joiner "1. d1-e2"
wait_on typist "1. d1-e2"
keys_to joiner ':e8-d7' Enter
wait_on host "1. e8-d7"

# A watcher leaves at q without a question; once the typist's halma ends, its terminal shows
# the prompt again: the code was not echoed.
keys_to typist q
[ "$(wait_rc typist)" = 0 ] || fail "the typist's halma did not end cleanly"
wait_on typist "Invite code for club, hosted by $ME:"
screen_of typist | grep -qF "$code" && fail "the typed code was shown: $(screen_of typist)"

# The host quits; another user takes the name at once. A joiner who names the host's user
# refuses it before saying a word.
keys_to host q
wait_on host "(y/n)"
keys_to host y
[ "$(wait_rc host)" = 0 ] || fail "the host did not quit cleanly"
start_as squatter 65534 --host club --size 8
wait_on squatter "join: halma --join $other/club"
out=$("$HALMA" --join "$ME/club" </dev/null 2>&1)
[ $? = 1 ] && [ "$out" = "halma: the game club is hosted by $other, not $ME; not joining" ] ||
    fail "joined a squatted name: $out"
screen_of squatter | grep -q "joined as" && fail "the squatter was joined: $(screen_of squatter)"
echo "net users ok"
