# A mistyped invite code is asked for again, up to the host's lock-out, which ends the asking
# with a message saying so; a wrong code from HALMA_CODE (nothing to ask) ends with a message
# that names it.
. "$(dirname "$0")/net_lib.bash"
command -v setpriv >/dev/null || fail "setpriv (util-linux) is needed"
[ "$(id -u)" = 0 ] || { echo "not root: cannot act as another user; skipped"; exit 77; }
# Waits until a person's screen shows a fixed string on N lines.
wait_lines() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        [ "$(screen_of "$1" | grep -cF -- "$2")" = "$3" ] && return 0
        sleep 0.05
    done
    fail "timed out waiting on $1's screen for $3 lines of: $2"
}
prompt="Invite code for club, hosted by $ME:"

start host --host club --size 8 --first 1
wait_on host "join: halma --join $ME/club"
code=$(code_of host)
[ -n "$code" ] || fail "the host's screen shows no invite code"

# A wrong code typed, then the right one: asked again, and joined.
start_as typist 65534 --join "$ME/club"
wait_lines typist "$prompt" 1
keys_to typist "zzzzzz" Enter
wait_on typist "Wrong invite code; try again."
wait_lines typist "$prompt" 2
[ -s "$TMP/typist.rc" ] && fail "ended after one wrong code: $(cat "$TMP/typist.err")"
keys_to typist "$code" Enter
wait_on typist "Joined $ME/club as player 2, hosted by $ME"
keys_to typist q
[ "$(wait_rc typist)" = 0 ] || fail "the typist's halma did not end cleanly"

# A wrong code in HALMA_CODE: nothing to ask, so it ends, saying where the code came from.
HALMA_CODE=zzzzzz start_as envy 65534 --watch "$ME/club"
[ "$(wait_rc envy)" = 1 ] || fail "a wrong HALMA_CODE did not exit 1"
grep -qF "halma: the invite code in HALMA_CODE is wrong for $ME/club" "$TMP/envy.err" ||
    fail "a wrong HALMA_CODE: $(cat "$TMP/envy.err")"

# Wrong codes until the host takes no more from this user (one wrong one above, and one
# from HALMA_CODE): asked again after each, then told so, and the asking ends.
start_as guesser 65534 --watch "$ME/club"
for guess in 1 2 3; do
    wait_lines guesser "$prompt" "$guess"
    keys_to guesser "wrong$guess" Enter
    wait_lines guesser "Wrong invite code; try again." "$guess"
    [ -s "$TMP/guesser.rc" ] && fail "ended after wrong code $guess: $(cat "$TMP/guesser.err")"
done
wait_lines guesser "$prompt" 4
keys_to guesser "$code" Enter # too late: the host refuses before looking at the code
[ "$(wait_rc guesser)" = 1 ] || fail "the locked-out guesser did not exit 1"
grep -qF "halma: the host of $ME/club takes no more invite codes from you (too many wrong invite codes" \
    "$TMP/guesser.err" || fail "the lock-out: $(cat "$TMP/guesser.err")"
[ "$(screen_of guesser | grep -cF "$prompt")" = 4 ] ||
    fail "asked a wrong number of times: $(screen_of guesser)"
screen_of guesser | grep -qF "$code" && fail "a typed code was shown: $(screen_of guesser)"
echo "net code retry ok"
