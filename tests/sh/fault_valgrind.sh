# valgrind over a short game in tmux (two moves of a human, the AI's replies, undo, quit):
# no leak, no invalid read or write, and the terminal restored. Skipped in the sanitizer
# run (the sanitizers check the same there and cannot run under valgrind). ncurses' own
# caches, which it never frees, are suppressed (tests/valgrind/ncurses.supp says why).
. "$(dirname "$0")/fault_lib.bash"
if [ -n "${SANITIZE:-}" ]; then
    echo "SKIP: the sanitizer build is not run under valgrind"
    exit 0
fi
command -v valgrind >/dev/null || fail "valgrind is missing (scripts/deps.sh test installs it)"
WAIT_STEPS=600 # valgrind is slow: 30 s at most per wait
start_shell
supp="$(cd "$(dirname "$0")/.." && pwd)/valgrind/ncurses.supp"
cmd="LANG=C.UTF-8 valgrind --error-exitcode=1 --leak-check=full --suppressions='$supp'"
cmd+=" --log-file='$TMP/vg.log'"
# Without the race meter: its solver, some seconds of work a position, takes minutes under
# valgrind (the engine's race and analyse are checked under the sanitizers instead).
cmd+=" '$HALMA' --seed 1 --first 1 --seats human,ai:1 --movetime 200 --no-race-meter 2>'$TMP/err'"
keys "clear; $cmd; echo \$? >'$TMP/vg.status'" Enter
wait_for "You are"
keys ':a5-a6' Enter
wait_for "1. a5-a6"
wait_re "■ 1\\. [a-p][0-9]+-"          # the AI's reply
keys ':b5-b6' Enter
wait_re "● 2\\. b5-b6"
wait_re "■ 2\\. [a-p][0-9]+-"
keys U # undo back to the human's turn
wait_for "undone"
keys q y
wait_file "$TMP/vg.status"
[ "$(alternate)" = 0 ] || fail "the alternate screen is still on after exit"
keys 'echo alive-$((1+1))' Enter
wait_re '^alive-2$'
status=$(cat "$TMP/vg.status")
[ "$status" = 0 ] || { cat "$TMP/vg.log"; fail "valgrind or halma exited $status"; }
grep -q "ERROR SUMMARY: 0 errors" "$TMP/vg.log" || { cat "$TMP/vg.log"; fail "valgrind found errors"; }
grep -qE "definitely lost: 0 bytes|All heap blocks were freed" "$TMP/vg.log" ||
    { cat "$TMP/vg.log"; fail "valgrind found a leak"; }
grep -E "ERROR SUMMARY|definitely lost|indirectly lost|possibly lost|still reachable|in use at exit" "$TMP/vg.log" |
    sed 's/^==[0-9]*== *//'
