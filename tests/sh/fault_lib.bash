# Shared by the fault-matrix tests: halma run from an interactive shell in a private tmux
# server, so that after it ends the test can check the terminal came back (main screen,
# and the shell answers). Sourced, not run: its name does not end in .sh.
. "$(dirname "$0")/tmux_lib.bash"
STATE="$XDG_STATE_HOME/halma"
SAVED="$STATE/autosave.halma"

# Starts an interactive sh in a fresh session of the given size (default 80x24).
start_shell() { # [cols rows]
    stop_server
    SOCK_COUNT=$((SOCK_COUNT + 1))
    SOCK="$SOCK_BASE-$SOCK_COUNT"
    tmux -L "$SOCK" -f /dev/null new-session -d -x "${1:-80}" -y "${2:-24}" \
        "cd '$TMP' && PS1='prompt> ' exec sh -i"
    wait_for "prompt>"
}

# Runs halma from the shell with the given words after it; its standard error goes to
# $TMP/err, and its exit status is shown as "st=N" when it ends (typed with the command, so
# it cannot be typed before halma has even started). Environment assignments may come first
# in $HALMA_ENV.
run_halma() {
    rm -f "$TMP/err"
    keys "clear; ${HALMA_ENV:-LANG=C.UTF-8 LC_ALL=C.UTF-8} '$HALMA' $* 2>'$TMP/err'; echo \"st=\$?\"" Enter
}

# The pid of the halma running in the pane's shell (empty when there is none).
halma_pid() { pgrep -x halma -P "$(tmux -L "$SOCK" display -p '#{pane_pid}')"; }

# Waits for the halma in the pane to end, boundedly.
wait_halma_gone() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        [ -z "$(halma_pid)" ] && return 0
        sleep 0.05
    done
    fail "halma did not end"
}

# After halma ended: its exit status was the one expected, the pane left the alternate
# screen, and the shell runs a command and shows its output.
check_restored() { # expected-status
    wait_halma_gone
    wait_re "^st=[0-9]+"
    screen | grep -qx "st=$1" || fail "exit status is not $1: $(screen | grep '^st=')"
    [ "$(alternate)" = 0 ] || fail "the alternate screen is still on after exit"
    keys 'echo alive-$((1+1))' Enter
    wait_re '^alive-2$'
}

# Sends a signal to the halma in the pane.
signal_halma() { # SIG
    local pid
    pid=$(halma_pid)
    [ -n "$pid" ] || fail "no halma process under the pane's shell"
    kill -"$1" "$pid"
}

# The number of a signal name (HUP -> 1).
signal_number() { kill -l "$1"; }

# Files that must come through a fault untouched: a record saved earlier and a damaged
# autosave kept aside by an earlier run. Copies go to $TMP/keep for comparing.
plant_older_files() {
    mkdir -p "$STATE" "$TMP/keep"
    printf 'new\nplay a5-a6\nsave %s\n' "$TMP/older.halma" | "$HALMA" --engine >/dev/null
    printf '# halma game record\nplayers: 2\n\n1. a5-a9\n' >"$STATE/autosave.halma.bad"
    cp "$TMP/older.halma" "$STATE/autosave.halma.bad" "$TMP/keep/"
}

# Fails unless the planted files are byte-identical, and no temporary save file is left
# in the state directory.
check_older_files() {
    cmp -s "$TMP/older.halma" "$TMP/keep/older.halma" || fail "an older record changed"
    cmp -s "$STATE/autosave.halma.bad" "$TMP/keep/autosave.halma.bad" ||
        fail "the kept-aside damaged save changed"
    local left
    left=$(ls -A "$STATE" | grep -v -x -e autosave.halma -e autosave.halma.bad)
    [ -z "$left" ] || fail "stray files in the state directory: $left"
}

# The side to move in a position string.
to_move() { echo "${1##* }"; }
