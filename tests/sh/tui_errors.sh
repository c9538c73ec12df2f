# Bad options exit 2 with a reason; no terminal, unknown TERM: exit 1 with a message.
set -u
check() { # expected-status pattern command...
    local want=$1 pattern=$2
    shift 2
    out=$("$@" 2>&1 </dev/null)
    st=$?
    [ "$st" = "$want" ] || { echo "FAIL: '$*' exited $st, not $want: $out"; exit 1; }
    echo "$out" | grep -q -- "$pattern" || { echo "FAIL: '$*' said: $out"; exit 1; }
}
check 2 "unknown option '--bogus'" "$HALMA" --bogus
check 2 "bad value 'five' for --players" "$HALMA" --players five
check 2 "3 and 4 players need the 16x16 board" "$HALMA" --players 3 --size 8
check 2 "bad seat 'robot'" "$HALMA" --seats human,robot
check 2 "bad AI level" "$HALMA" --seats human,ai:9
check 2 "seats for a game of 4 players" "$HALMA" --players 4 --seats human,ai
check 2 "--level needs a value" "$HALMA" --level
check 2 "bad value '0' for --movetime" "$HALMA" --movetime 0
check 2 "partners need 4 players" "$HALMA" --partners opposite
check 0 "usage: halma" "$HALMA" --help
check 0 "halma 1" "$HALMA" --version
check 1 "standard input is not a terminal" "$HALMA"
check 1 "cannot read" "$HALMA" --load /nonexistent/game.halma
# Unknown TERM: run on a real pseudo-terminal through tmux.
. "$(dirname "$0")/tmux_lib.bash"
tmux -L "$SOCK" -f /dev/null new-session -d -x 80 -y 24 \
    "TERM=no-such-term '$HALMA' 2>'$TMP/err'; echo \$? > '$STATUS'; sleep 600"
[ "$(wait_exit)" = 1 ] || fail "unknown TERM did not exit 1"
grep -q "unknown terminal type 'no-such-term'" "$TMP/err" || fail "message: $(cat "$TMP/err")"
