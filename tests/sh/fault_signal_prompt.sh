# SIGHUP, SIGTERM and SIGINT while the ':' prompt is open with a move typed: the typed,
# unfinished line is not played, the game is saved, the terminal comes back, and older
# files are untouched.
. "$(dirname "$0")/fault_lib.bash"
plant_older_files
for sig in HUP TERM INT; do
    rm -f "$SAVED"
    start_shell
    run_halma --seed 3 --first 1 --seats human,human
    wait_for "moves first"
    keys ':a5-a6' Enter
    wait_for "1. a5-a6"
    keys ':p12-p11' Enter
    wait_for "1. p12-p11"
    keys ':b5-b6'
    wait_for ":b5-b6"
    signal_halma $sig
    check_restored $((128 + $(signal_number $sig)))
    grep -q "game saved to $SAVED" "$TMP/err" || fail "SIG$sig: no saved message: $(cat "$TMP/err")"
    b=$(record_board "$SAVED")
    [ "$(piece_at "$b" a6)" = 1 ] && [ "$(piece_at "$b" p11)" = 2 ] ||
        fail "SIG$sig: the autosave lacks the two moves: $b"
    [ "$(piece_at "$b" b5)" = 1 ] && [ "$(piece_at "$b" b6)" = . ] ||
        fail "SIG$sig: the unfinished prompt line was played: $b"
    [ "$(to_move "$b")" = 1 ] || fail "SIG$sig: the autosave does not have player 1 to move: $b"
    check_older_files
done
