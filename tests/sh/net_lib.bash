# Shared by the network-play tests: several people, each halma in its own tmux server at
# 80x24 (its own terminal), meeting in a private games directory; bounded waits for screen
# content (never fixed sleeps). Sourced, not run: its name does not end in .sh.
# The temporary directory, HOME, XDG_STATE_HOME, WAIT_STEPS, stop_server and wait_file
# come from tmux_lib.bash; each person's server is stopped as it stops one.
. "$(dirname "${BASH_SOURCE[0]}")/tmux_lib.bash"
NET_BASE="$SOCK_BASE-net"
chmod 755 "$TMP" # another user's halma runs from here too
GAMES="$TMP/games"
mkdir "$GAMES"
chmod 1777 "$GAMES" # like /tmp: anyone may host, no one may replace another's socket
export HALMA_GAMES_DIR="$GAMES"
PEOPLE=""
ME=$(id -un)

fail() {
    echo "FAIL: $*"
    for p in $PEOPLE; do echo "--- $p:"; screen_of "$p"; done
    exit 1
}

# Each start gets a tmux server of its own (a server still shutting down cannot be
# reused without a race): the person's current one is SERVER[person].
declare -A SERVER
STARTS=0
server_of() { echo "${SERVER[$1]:-$NET_BASE-none}"; }

# The halma running in a person's terminal (its copy, for another user), if any.
pid_of() { pgrep -P "$(tmux -L "$(server_of "$1")" display -p '#{pane_pid}' 2>/dev/null)" -x 'halma(-copy)?'; }

# Ends every person's terminal as tmux_lib.bash ends one (halma stopped first).
stop_all() {
    local p
    for p in $PEOPLE; do SOCK=$(server_of "$p") stop_server; done
}
trap 'stop_all; cleanup' EXIT

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
    [ -n "${SERVER[$person]:-}" ] && SOCK=$(server_of "$person") stop_server
    STARTS=$((STARTS + 1))
    SERVER[$person]="$NET_BASE-$person-$STARTS"
    rm -f "$TMP/$person.rc" "$TMP/$person.err"
    local cmd="cd '$TMP' && LANG=C.UTF-8 LC_ALL=C.UTF-8 $prefix '$program' $* 2>'$TMP/$person.err'; echo \$? > '$TMP/$person.rc'; sleep 600"
    tmux -L "$(server_of "$person")" -f /dev/null new-session -d -x 80 -y 24 "$cmd"
    case " $PEOPLE " in *" $person "*) ;; *) PEOPLE="$PEOPLE $person" ;; esac
}

screen_of() { tmux -L "$(server_of "$1")" capture-pane -p 2>/dev/null; }
keys_to() {
    local person=$1
    shift
    tmux -L "$(server_of "$person")" send-keys "$@"
}

# Waits until a person's screen shows a fixed string.
wait_on() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        screen_of "$1" | grep -qF -- "$2" && return 0
        sleep 0.05
    done
    fail "timed out waiting on $1's screen for: $2"
}

# Presses a key until the person's screen shows what it answers: a message arriving at the
# same moment (a player coming back) may take the status line from the first answer.
key_says() {
    local i j
    for ((i = 0; i < WAIT_STEPS; i += 10)); do
        keys_to "$1" "$2"
        for ((j = 0; j < 10; j++)); do
            screen_of "$1" | grep -qF -- "$3" && return 0
            sleep 0.05
        done
    done
    fail "pressing $2 never showed on $1's screen: $3"
}

# Waits until a person's screen no longer shows a fixed string.
wait_gone_on() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        screen_of "$1" | grep -qF -- "$2" || return 0
        sleep 0.05
    done
    fail "timed out waiting on $1's screen for this to go: $2"
}

# Waits for a person's halma to end and prints its exit status.
wait_rc() {
    for ((i = 0; i < WAIT_STEPS; i++)); do
        [ -s "$TMP/$1.rc" ] && { cat "$TMP/$1.rc"; return 0; }
        sleep 0.05
    done
    fail "timed out waiting for $1's halma to end"
}

# The invite code a hosting person's panel shows
# (on the join line, or on a line of its own when the panel is narrow).
code_of() { screen_of "$1" | sed -n 's/.*\(^\|  \) *code \([a-z0-9]*\).*/\2/p' | head -1; }

