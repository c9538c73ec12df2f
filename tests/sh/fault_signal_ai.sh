# SIGHUP, SIGTERM and SIGINT while the AI is thinking: the AI is stopped at once (well
# before its 5 s), the game is saved with the human's move and the AI to move, the
# terminal comes back, and older files are untouched.
. "$(dirname "$0")/fault_lib.bash"
plant_older_files
for sig in HUP TERM INT; do
    rm -f "$SAVED"
    start_shell
    run_halma --seed 5 --first 1 --seats human,ai:5 --movetime 5000
    wait_for "You are"
    keys ':a5-a6' Enter
    # The AI's reply would be a second line in the move list ("1. p12-...").
    for ((i = 0; i < WAIT_STEPS; i++)); do
        shown=$(screen)
        grep -qF "Player 2 is thinking" <<<"$shown" && break
        if [ "$(grep -cE " 1\. [a-p][0-9]+-" <<<"$shown")" -ge 2 ]; then
            echo "SKIP: this build's AI answered at once (the placeholder picker), so it cannot be signalled while thinking"
            exit 0
        fi
        sleep 0.05
    done
    wait_for "Player 2 is thinking"
    start=$(date +%s%N)
    signal_halma $sig
    check_restored $((128 + $(signal_number $sig)))
    took=$((($(date +%s%N) - start) / 1000000))
    [ "$took" -lt 4000 ] || fail "SIG$sig: the AI was not stopped ($took ms to exit)"
    grep -q "game saved to $SAVED" "$TMP/err" || fail "SIG$sig: no saved message: $(cat "$TMP/err")"
    b=$(record_board "$SAVED")
    [ "$(piece_at "$b" a6)" = 1 ] && [ "$(piece_at "$b" a5)" = . ] ||
        fail "SIG$sig: the autosave lacks a5-a6: $b"
    [ "$(to_move "$b")" = 2 ] || fail "SIG$sig: the autosave does not have the AI to move: $b"
    check_older_files
    echo "SIG$sig while thinking: exit in $took ms, saved"
done
