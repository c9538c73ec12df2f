# A truncated, empty or corrupt autosave on --resume: the status line names the file and
# line, the file is kept aside under a new .badN name (older kept files untouched, nothing
# deleted), a new game is on and playable (and kept when quit), and the full message is on
# standard error after the game. A damaged record given with --load or :load is named with its line and left as
# it is (it is the player's file, and halma never writes over it).
. "$(dirname "$0")/fault_lib.bash"
plant_older_files
printf 'new\nplay a5-a6\nplay p12-p11\nplay b5-b6\nsave %s\n' "$TMP/good.halma" |
    "$HALMA" --engine >/dev/null
head -c 120 "$TMP/good.halma" >"$TMP/truncated.halma" # cut inside the headers
sed '$s/b5-b6/b5-b/' "$TMP/good.halma" >"$TMP/cut-move.halma" # cut inside the last move
: >"$TMP/empty.halma"
printf '\033[2J\033]0;title\007\001garbage\377\n' >"$TMP/corrupt.halma"

n=1 # autosave.halma.bad is taken by an older file
for kind in truncated cut-move empty corrupt; do
    cp "$TMP/$kind.halma" "$SAVED"
    start_shell 100 30
    run_halma --resume --seed 2 --first 1 --seats human,human
    wait_re "damaged save autosave\\.halma line [0-9]+ kept as autosave\\.halma\\.bad$n; new game"
    wait_re "0/19 +0 "            # a new game: nothing played
    [ "$(alternate)" = 1 ] || fail "$kind: the game screen is not up"
    keys ':a5-a6' Enter            # the new game plays
    wait_for "1. a5-a6"
    keys q y
    check_restored 0
    bad="$STATE/autosave.halma.bad$n"
    cmp -s "$bad" "$TMP/$kind.halma" || fail "$kind: not kept aside byte for byte as $bad"
    grep -q "halma: the saved game is damaged: $SAVED: line [0-9]*: .*it was kept as $bad" \
        "$TMP/err" || fail "$kind: standard error lacks the full message: $(cat "$TMP/err")"
    ! grep -q $'[\001-\010\033\177]' "$TMP/err" || fail "$kind: control bytes echoed to the terminal"
    [ "$(piece_at "$(record_board "$SAVED")" a6)" = 1 ] || fail "$kind: quitting did not keep the new game"
    cmp -s "$STATE/autosave.halma.bad" "$TMP/keep/autosave.halma.bad" ||
        fail "$kind: an older kept-aside file changed"
    echo "$kind autosave: $(grep -o 'line [0-9]*: [^;]*' "$TMP/err" | head -1 | cut -c1-60); kept as ${bad##*/}"
    n=$((n + 1))
done

# A record given with --load: a message with the file and line, exit 1, the file untouched.
for kind in truncated corrupt; do
    cp "$TMP/$kind.halma" "$TMP/copy.halma"
    start_shell
    run_halma --load "'$TMP/$kind.halma'"
    check_restored 1
    grep -q "halma: $TMP/$kind.halma: line [0-9]*: " "$TMP/err" || fail "--load $kind: $(cat "$TMP/err")"
    cmp -s "$TMP/$kind.halma" "$TMP/copy.halma" || fail "--load $kind: the record changed"
done

# :load of a damaged record in a game: the status names the file and line, the game goes on.
start_shell 120 30
run_halma --seed 2 --first 1 --seats human,human
wait_for "moves first"
keys ':a5-a6' Enter
wait_for "1. a5-a6"
keys ":load $TMP/cut-move.halma" Enter
wait_re "$TMP/cut-move\\.halma: line [0-9]+: "
keys ':p12-p11' Enter
wait_for "1. p12-p11"
save_as after.halma
b=$(record_board "$TMP/after.halma")
[ "$(piece_at "$b" a6)" = 1 ] && [ "$(piece_at "$b" p11)" = 2 ] || fail ":load changed the game: $b"
cmp -s "$TMP/cut-move.halma" <(sed '$s/b5-b6/b5-b/' "$TMP/good.halma") || fail ":load changed the record"
cmp -s "$TMP/older.halma" "$TMP/keep/older.halma" || fail "an older record changed"
[ "$(ls -A "$STATE" | tr '\n' ' ')" = "autosave.halma autosave.halma.bad autosave.halma.bad1 autosave.halma.bad2 autosave.halma.bad3 autosave.halma.bad4 " ] ||
    fail "the state directory holds: $(ls -A "$STATE")"
