# A private sshd on a free loopback port with its own host key, for the door's tests and its
# benchmark: it reads the drop-in it is given and nothing of the host's sshd_config. Sourced
# after net_lib.bash, not run; the caller has checked for root and sshd, and its exit trap
# runs sshd_cleanup. Keys for the door's visitors are $INST/key-NAME.

# sshd runs a keys command only when it and every directory above it belong to root and no
# one else may write them: /tmp will not do. Everything sshd reads lives here.
INST=$(mktemp -d /run/halma-door.XXXXXX)
chmod 755 "$INST"
SSHD_PID=""
sshd_cleanup() {
    [ -n "$SSHD_PID" ] && kill "$SSHD_PID" 2>/dev/null
    wait_processes_end $SSHD_PID
    rm -rf "$INST"
}

ssh-keygen -q -t ed25519 -N '' -f "$INST/hostkey"
# A free loopback port: nothing answers it.
PORT=""
for ((i = 0; i < 50; i++)); do
    p=$((20000 + RANDOM % 40000))
    (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { PORT=$p; break; }
done
[ -n "$PORT" ] || fail "no free loopback port"
echo "[127.0.0.1]:$PORT $(cut -d' ' -f1-2 "$INST/hostkey.pub")" >"$INST/known_hosts"

# start_sshd DROPIN USER...: sshd on PORT reading DROPIN, letting in the USERs alone; its
# log is $TMP/sshd.log.
start_sshd() {
    local dropin=$1
    shift
    cat >"$INST/sshd_config" <<EOF
Port $PORT
ListenAddress 127.0.0.1
HostKey $INST/hostkey
PidFile $INST/sshd.pid
UsePAM no
AllowUsers $*
LogLevel VERBOSE
Subsystem sftp /usr/lib/openssh/sftp-server
Include $dropin
EOF
    mkdir -p -m 755 /run/sshd
    /usr/sbin/sshd -t -f "$INST/sshd_config" 2>"$TMP/sshd-t.log" || fail "sshd -t: $(cat "$TMP/sshd-t.log")"
    /usr/sbin/sshd -D -f "$INST/sshd_config" -E "$TMP/sshd.log" </dev/null >/dev/null 2>&1 &
    SSHD_PID=$!
    for ((i = 0; i < WAIT_STEPS; i++)); do
        (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && return 0
        kill -0 "$SSHD_PID" 2>/dev/null || fail "sshd ended: $(tail -5 "$TMP/sshd.log")"
        sleep 0.05
    done
    fail "sshd did not answer on port $PORT"
}

# door KEY ARGS...: ssh to the door with one visitor's key, nothing of root's own.
SSH_OPTS="-F /dev/null -p $PORT -o IdentitiesOnly=yes -o IdentityAgent=none -o BatchMode=yes \
-o UserKnownHostsFile=$INST/known_hosts -o StrictHostKeyChecking=yes -o ConnectTimeout=10"
door() {
    local key=$1
    shift
    timeout 20 ssh $SSH_OPTS -i "$INST/key-$key" "$@"
}
start_cmd() { # PERSON COMMAND: a command in PERSON's fresh 80x24 terminal
    local person=$1
    [ -n "${SERVER[$person]:-}" ] && SOCK=$(server_of "$person") stop_server
    STARTS=$((STARTS + 1))
    SERVER[$person]="$NET_BASE-$person-$STARTS"
    tmux -L "$(server_of "$person")" -f /dev/null new-session -d -x 80 -y 24 \
        "LANG=C.UTF-8 LC_ALL=C.UTF-8 $2; echo \$? > '$TMP/$person.rc'; sleep 600"
    case " $PEOPLE " in *" $person "*) ;; *) PEOPLE="$PEOPLE $person" ;; esac
}
