# A real hangup: the pane (the terminal itself) is closed while the ':' prompt is open.
# halma gets SIGHUP with no terminal left to restore, must still end, and saves the game.
. "$(dirname "$0")/fault_lib.bash"
plant_older_files
start_game --seed 3 --first 1 --seats human,human
wait_for "moves first"
keys ':a5-a6' Enter
wait_for "1. a5-a6"
keys ':p12'
wait_for ":p12"
pid=$(pgrep -P "$(tmux -L "$SOCK" display -p '#{pane_pid}')" -x halma)
[ -n "$pid" ] || fail "no halma process"
tmux -L "$SOCK" kill-pane
wait_processes_end "$pid" || { kill -KILL "$pid"; fail "halma did not end after its terminal closed"; }
b=$(record_board "$SAVED")
[ "$(piece_at "$b" a6)" = 1 ] && [ "$(to_move "$b")" = 2 ] || fail "the autosave lacks a5-a6: $b"
check_older_files
