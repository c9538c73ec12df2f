# Shared by the network-play tests: several people, each halma in its own tmux server at
# 80x24 (its own terminal), meeting in a private games directory; bounded waits for screen
# content (never fixed sleeps). Sourced, not run: its name does not end in .sh.
set -u
NET_BASE="halma-net-$$-$RANDOM"
TMP=$(mktemp -d)
chmod 755 "$TMP" # another user's halma runs from here too
GAMES="$TMP/games"
mkdir "$GAMES"
chmod 1777 "$GAMES" # like /tmp: anyone may host, no one may replace another's socket
export HALMA_GAMES_DIR="$GAMES" HOME="$TMP/home" XDG_STATE_HOME="$TMP/state"
mkdir -p "$HOME"
PEOPLE=""
WAIT_STEPS=200 # 200 x 0.05 s = 10 s at most per wait
[ -n "${SANITIZE:-}" ] && WAIT_STEPS=600
ME=$(id -un)

fail() {
    echo "FAIL: $*"
    for p in $PEOPLE; do echo "--- $p:"; screen_of "$p"; done
    exit 1
}

# The halma running in a person's terminal, if any.
pid_of() { pgrep -P "$(tmux -L "$NET_BASE-$1" display -p '#{pane_pid}' 2>/dev/null)" -x halma; }

# Ends every person's terminal, first stopping each halma with SIGTERM (boundedly).
stop_all() {
    local p pid pids=""
    for p in $PEOPLE; do pids="$pids $(pid_of "$p" 2>/dev/null)"; done
    for pid in $pids; do kill -TERM "$pid" 2>/dev/null; done
    for ((i = 0; i < WAIT_STEPS; i++)); do
        local alive=""
        for pid in $pids; do kill -0 "$pid" 2>/dev/null && alive=1; done
        [ -z "$alive" ] && break
        sleep 0.05
    done
    for p in $PEOPLE; do tmux -L "$NET_BASE-$p" kill-server 2>/dev/null; done
}
trap 'stop_all; rm -rf "$TMP"' EXIT

# start PERSON ARGS...: halma with ARGS in PERSON's fresh terminal; its exit status and
# what it said on standard error go to $TMP/PERSON.rc and $TMP/PERSON.err.
start() {
    local person=$1
    shift
    start_with "$person" "" "$@"
}

# start_as PERSON UID ARGS...: the same, run as another user.
start_as() {
    local person=$1 uid=$2
    shift 2
    cp "$HALMA" "$TMP/halma-copy" 2>/dev/null && chmod 755 "$TMP/halma-copy"
    start_with "$person" "setpriv --reuid=$uid --regid=$uid --clear-groups" "$@"
}

start_with() {
    local person=$1 prefix=$2
    shift 2
    local program=$HALMA
    [ -n "$prefix" ] && program=$TMP/halma-copy
    tmux -L "$NET_BASE-$person" kill-server 2>/dev/null
    rm -f "$TMP/$person.rc" "$TMP/$person.err"
    local cmd="cd '$TMP' && LANG=C.UTF-8 LC_ALL=C.UTF-8 $prefix '$program' $* 2>'$TMP/$person.err'; echo \$? > '$TMP/$person.rc'; sleep 600"
    tmux -L "$NET_BASE-$person" -f /dev/null new-session -d -x 80 -y 24 "$cmd"
    case " $PEOPLE " in *" $person "*) ;; *) PEOPLE="$PEOPLE $person" ;; esac
}

screen_of() { tmux -L "$NET_BASE-$1" capture-pane -p 2>/dev/null; }
keys_to() {
    local person=$1
    shift
    tmux -L "$NET_BASE-$person" send-keys "$@"
}

# Waits until a person's screen shows a fixed string.
wait_on() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        screen_of "$1" | grep -qF -- "$2" && return 0
        sleep 0.05
    done
    fail "timed out waiting on $1's screen for: $2"
}

# Waits for a person's halma to end and prints its exit status.
wait_rc() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        [ -s "$TMP/$1.rc" ] && { cat "$TMP/$1.rc"; return 0; }
        sleep 0.05
    done
    fail "timed out waiting for $1's halma to end"
}

# The result of a saved record, as the engine protocol reads it ("winner 2", "playing").
record_status() { printf 'load %s\nstatus\n' "$1" | "$HALMA" --engine | sed -n 's/^= //p' | tail -1; }

# Waits until a file exists and is not empty.
wait_file() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        [ -s "$1" ] && return 0
        sleep 0.05
    done
    fail "timed out waiting for file $1"
}
