# A hangup saves the unfinished game; --resume continues it; a normal start mentions it.
. "$(dirname "$0")/tmux_lib.bash"
start_game --seed 11 --first 1 --seats human,human
wait_for "moves first"
keys ':a5-a6' Enter
wait_for "1. a5-a6"
pane=$(tmux -L "$SOCK" display -p '#{pane_pid}')
pid=$(pgrep -P "$pane" -x halma)
[ -n "$pid" ] || fail "no halma process under the pane"
kill -HUP "$pid"
[ "$(wait_exit)" = 129 ] || fail "exit status after SIGHUP is not 129"
saved="$XDG_STATE_HOME/halma/autosave.halma"
[ -s "$saved" ] || fail "no autosave at $saved"
[ "$(piece_at "$(record_board "$saved")" a6)" = 1 ] || fail "the autosave lacks a5-a6"
start_game --first 1
wait_for "a saved game waits: halma --resume"
keys q   # nothing played yet: quits without asking
[ "$(wait_exit)" = 0 ] || fail "quitting a fresh game failed"
start_game --resume
wait_for "Resumed the saved game"
wait_for "1. a5-a6"
wait_for "Player 2 to move"
keys ':p12-p11' Enter
wait_for "1. p12-p11"
save_as resumed.halma
b=$(record_board "$TMP/resumed.halma")
[ "$(piece_at "$b" a6)" = 1 ] && [ "$(piece_at "$b" p11)" = 2 ] || fail "resumed game wrong: $b"
# A damaged autosave is kept aside and named with its line.
keys q y
wait_exit >/dev/null
mkdir -p "$XDG_STATE_HOME/halma"
printf '# halma game record\nplayers: 2\n\n1. a5-a9\n' > "$saved"
out=$("$HALMA" --resume 2>&1 </dev/null)
[ $? = 1 ] || fail "a damaged autosave did not exit 1"
echo "$out" | grep -q "autosave.halma: line 4" || fail "message lacks file and line: $out"
[ -s "$saved.bad" ] || fail "the damaged file was not kept aside"
