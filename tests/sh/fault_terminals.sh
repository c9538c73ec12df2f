# Odd terminals: 1x1, 20x5 and 10000 columns (tmux's largest width), TERM=dumb, TERM unset,
# an unknown TERM, the C locale, and standard input or output not a terminal. Each gives
# a clear message or a drawing, never a crash, the right exit status, and the terminal back.
. "$(dirname "$0")/fault_lib.bash"
resize() { tmux -L "$SOCK" resize-window -x "$1" -y "$2"; }

# 1x1: nothing fits; q leaves at once (nothing played), the shell works at 80x24 again.
start_shell
resize 1 1
run_halma --seats human,human
for ((i = 0; i < WAIT_STEPS; i++)); do [ "$(alternate)" = 1 ] && break; sleep 0.05; done
[ "$(alternate)" = 1 ] || fail "1x1: the game did not start"
keys q
resize 80 24
check_restored 0
echo "1x1: started, q quit with status 0"

# 20x5: a notice in whole words; growing the window brings the board, a move is made,
# shrinking it again and q saves the game for --resume.
start_shell
resize 20 5
run_halma --seed 1 --first 1 --seats human,human
wait_for "Too small: needs"
wait_for "q quits"
resize 80 24
wait_for "moves first"
keys ':a5-a6' Enter
wait_for "1. a5-a6"
resize 20 5
wait_for "Too small: needs"
wait_for "q quits"
[ "$(screen | grep -c .)" = 2 ] || fail "20x5: old text left on the screen after shrinking"
keys q
resize 80 24
check_restored 0
[ "$(piece_at "$(record_board "$SAVED")" a6)" = 1 ] || fail "20x5: q did not save the game"
rm -f "$SAVED"
echo "20x5: notice shown, the game saved on q"

# 10000 columns: the board is drawn and played on.
start_shell
resize 10000 24
run_halma --seed 1 --first 1 --seats human,human
wait_for "HALMA  16x16"
keys ':a5-a6' Enter
wait_for "1. a5-a6"
keys q y
resize 80 24
check_restored 0
echo "10000x24: drawn, played, quit"

# The C locale: an ASCII drawing only.
start_shell
HALMA_ENV="LANG=C LC_ALL=C" run_halma --seed 1 --first 1 --seats human,human
wait_for "moves first"
keys ':a5-a6' Enter
wait_for "1. a5-a6"
screen | LC_ALL=C grep -q '[^ -~]' && fail "C locale: characters outside ASCII on the screen"
keys q y
check_restored 0
echo "C locale: ASCII drawing"

# Terminal types that cannot be used, and no terminal at all: a message and status 1.
expect_refusal() { # env-prefix message [redirection]
    start_shell
    HALMA_ENV="$1" run_halma "${3:-}"
    wait_file "$TMP/err" # it has run and refused (a slow start could look like an end)
    check_restored 1
    grep -qF "$2" "$TMP/err" || fail "'$1 ${3:-}': said: $(cat "$TMP/err")"
    echo "'$1 halma ${3:-}': $(head -1 "$TMP/err")"
}
expect_refusal "TERM=dumb" "the terminal type 'dumb' cannot move the cursor"
expect_refusal "env -u TERM" "TERM is not set"
expect_refusal "TERM=no-such-term" "unknown terminal type 'no-such-term'"
expect_refusal "" "standard input is not a terminal" "</dev/null"
expect_refusal "" "standard output is not a terminal" ">'$TMP/out'"
[ ! -s "$TMP/out" ] || fail "something was written to the redirected output"
