# The save directory unwritable or full. A failed ':save' says why on the status line and
# the game goes on; a signal then says on standard error that the game was not saved, and
# the older autosave stays byte-identical. Cases: the state directory under a regular file
# (works for anyone, root too), a read-only tmpfs and a full tmpfs (these need mount, so
# root: skipped with a note when mounting is not allowed).
. "$(dirname "$0")/fault_lib.bash"
MOUNTS=()
trap 'stop_server; for m in "${MOUNTS[@]}"; do umount "$m"; done; cleanup' EXIT

# Plays a5-a6, fails to save to $1 with the message $2, plays p12-p11 (the game goes on),
# saves elsewhere to check both moves, then SIGTERM: not saved, because $3.
play_and_fail() { # bad-save-path save-error exit-error
    start_shell 120 30
    run_halma --seed 3 --first 1 --seats human,human
    wait_for "moves first"
    keys ':a5-a6' Enter
    wait_for "1. a5-a6"
    keys ":save $1" Enter
    wait_for "cannot write $1: $2"
    keys ':p12-p11' Enter
    wait_for "1. p12-p11"
    save_as goes-on.halma
    b=$(record_board "$TMP/goes-on.halma")
    [ "$(piece_at "$b" a6)" = 1 ] && [ "$(piece_at "$b" p11)" = 2 ] || fail "the game did not go on: $b"
    signal_halma TERM
    check_restored 143
    grep -q "game not saved: .*$3" "$TMP/err" || fail "no clear message: $(cat "$TMP/err")"
}

# 1. The state directory's parent is a regular file.
touch "$TMP/plain-file"
XDG_STATE_HOME="$TMP/plain-file/state" play_and_fail "$TMP/plain-file/game.halma" \
    "Not a directory" "cannot create directory $TMP/plain-file/state: Not a directory"
echo "state directory under a regular file: message, game went on"

# A tmpfs at $TMP/$1 holding an older autosave; prints the mount point or fails.
mount_with_old_save() { # name size
    local dir="$TMP/$1"
    mkdir -p "$dir"
    mount -t tmpfs -o "size=$2,mode=0755" tmpfs "$dir" 2>/dev/null || return 1
    MOUNTS+=("$dir")
    mkdir -p "$dir/halma"
    printf 'new\nplay a5-a6\nplay p12-p11\nsave %s\n' "$dir/halma/autosave.halma" |
        "$HALMA" --engine >/dev/null
    cp "$dir/halma/autosave.halma" "$TMP/old-$1.halma"
}

if ! mount_with_old_save ro 16k; then
    echo "SKIP read-only and full tmpfs: mount is not allowed here (needs root)"
    exit 0
fi
# 2. A read-only file system.
mount -o remount,ro "$TMP/ro" || fail "cannot remount read-only"
XDG_STATE_HOME="$TMP/ro" play_and_fail "$TMP/ro/game.halma" "Read-only file system" \
    "Read-only file system"
cmp -s "$TMP/ro/halma/autosave.halma" "$TMP/old-ro.halma" || fail "the old autosave changed (ro)"
echo "read-only tmpfs: message, game went on, old autosave intact"

# 3. A full file system: filled to the last byte after the old autosave was written.
mount_with_old_save full 16k || fail "the second mount failed"
dd if=/dev/zero of="$TMP/full/filler" bs=1k 2>/dev/null
[ "$(df --output=avail "$TMP/full" | tail -1 | tr -d ' ')" = 0 ] || fail "the tmpfs is not full"
XDG_STATE_HOME="$TMP/full" play_and_fail "$TMP/full/game.halma" "No space left on device" \
    "No space left on device"
cmp -s "$TMP/full/halma/autosave.halma" "$TMP/old-full.halma" || fail "the old autosave changed (full)"
left=$(find "$TMP/full" -name '*.tmp*')
[ -z "$left" ] || fail "temporary files left on the full disk: $left"
echo "full tmpfs: message, game went on, old autosave intact, no temporary file left"
