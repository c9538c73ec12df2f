# SIGHUP, SIGTERM and SIGINT while a hop chain is half built: the game is saved as it was
# before the chain (a half-built chain is not a move), the terminal comes back, and older
# files are untouched.
. "$(dirname "$0")/fault_lib.bash"
plant_older_files
# Player 2 moves p16-p15 first; then player 1's c3 can hop c3-e5-e7-g9 over d4, e6, f8.
pos=$(make_position "c3:1 d4:2 e6:2 f8:2 p16:2" 2)
printf 'setup %s\nsave %s\n' "$pos" "$TMP/start.halma" | "$HALMA" --engine >/dev/null
for sig in HUP TERM INT; do
    rm -f "$SAVED"
    start_shell
    run_halma --load "'$TMP/start.halma'" --seats human,human
    wait_for "Loaded"
    keys ':p16-p15' Enter
    wait_for "1. p16-p15"
    for _ in $(seq 16); do keys h j; done
    keys l l k k Enter # c3
    wait_for "selected c3"
    keys u u Enter # hop to e5
    wait_for "c3-e5: hop on"
    signal_halma $sig
    check_restored $((128 + $(signal_number $sig)))
    grep -q "game saved to $SAVED" "$TMP/err" || fail "SIG$sig: no saved message: $(cat "$TMP/err")"
    b=$(record_board "$SAVED")
    [ "$(piece_at "$b" p15)" = 2 ] || fail "SIG$sig: the autosave lacks p16-p15: $b"
    [ "$(piece_at "$b" c3)" = 1 ] && [ "$(piece_at "$b" e5)" = . ] ||
        fail "SIG$sig: the half-built chain was saved as a move: $b"
    [ "$(to_move "$b")" = 1 ] || fail "SIG$sig: the autosave does not have player 1 to move: $b"
    check_older_files
done
