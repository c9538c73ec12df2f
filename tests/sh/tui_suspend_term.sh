# Ctrl-Z suspends with the terminal restored and fg brings the game back; SIGTERM saves
# the unfinished game and exits 143 with the terminal restored.
. "$(dirname "$0")/tmux_lib.bash"
SOCK="$SOCK_BASE-shell"
tmux -L "$SOCK" -f /dev/null new-session -d -x 80 -y 24 "bash --norc --noprofile -i"
keys "PS1='prompt> '; cd '$TMP'" Enter
wait_for "prompt> "
keys "clear; LANG=C.UTF-8 '$HALMA' --seed 4 --first 1 --seats human,human" Enter
wait_for "moves first"
keys ':b5-c6' Enter
wait_for "1. b5-c6"
keys C-z
wait_for "Stopped"
[ "$(alternate)" = 0 ] || fail "suspended but still on the alternate screen"
keys "fg" Enter
wait_for "1. b5-c6"
[ "$(alternate)" = 1 ] || fail "fg did not bring the game back"
pid=$(pgrep -x halma -P "$(tmux -L "$SOCK" display -p '#{pane_pid}')")
[ -n "$pid" ] || fail "no halma process"
kill -TERM "$pid"
wait_for "game saved to"
keys 'echo "status=$?"' Enter   # fg's status is the game's
wait_for "status=143"
[ "$(alternate)" = 0 ] || fail "SIGTERM left the alternate screen on"
wait_for "game saved to $XDG_STATE_HOME/halma/autosave.halma"
b=$(record_board "$XDG_STATE_HOME/halma/autosave.halma")
[ "$(piece_at "$b" c6)" = 1 ] || fail "the autosave lacks b5-c6: $b"
