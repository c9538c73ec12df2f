# Quitting never loses a game: q and y keep an unfinished game for --resume and say so on
# leaving; a game quit later moves the one kept before into the saves folder; :save NAME
# keeps a game there, :load lists the saves and loads one, asking first and keeping the game
# it replaces; Tab completes a save's name.
. "$(dirname "$0")/tmux_lib.bash"
STATE="$XDG_STATE_HOME/halma"
start_game --size 8 --first 1 --seats human,human "2>'$TMP/err'"
wait_for "Player 1 moves first"
keys ':d1-e2' Enter
wait_for "1. d1-e2"
keys q
wait_for "Quit? The game is kept for halma --resume (y/n)"
keys y
[ "$(wait_exit)" = 0 ] || fail "quitting with y did not exit 0"
grep -qx "halma: game saved to $STATE/autosave.halma; halma --resume continues it" "$TMP/err" ||
    fail "quitting did not say where the game is kept: $(cat "$TMP/err")"
[ "$(piece_at "$(record_board "$STATE/autosave.halma")" e2 8)" = 1 ] || fail "the kept game lacks d1-e2"
[ "$(record_status "$STATE/autosave.halma")" = playing ] || fail "the kept game is not in play"

# --resume takes it up; quitting it again keeps it in the same place.
start_game --resume
wait_for "Resumed the saved game"
wait_for "1. d1-e2"
keys ':e8-d7' Enter
wait_for "1. e8-d7"
keys q y
[ "$(wait_exit)" = 0 ] || fail "quitting the resumed game failed"
[ "$(piece_at "$(record_board "$STATE/autosave.halma")" d7 8)" = 2 ] || fail "e8-d7 not kept"
[ ! -e "$STATE/saves" ] || fail "quitting the resumed game moved something to the saves"

# Another game quit: the one kept before goes to the saves folder, never lost.
start_game --size 8 --first 1 --seats human,human "2>'$TMP/err'"
wait_for "a saved game waits: halma --resume"
keys ':c2-d3' Enter
wait_for "1. c2-d3"
keys q y
[ "$(wait_exit)" = 0 ] || fail "quitting the second game failed"
grep -qE "; the game kept before is in your saves as autosave-[0-9]{8}-[0-9]{6}$" "$TMP/err" ||
    fail "quitting did not say where the game kept before went: $(cat "$TMP/err")"
kept=$(ls "$STATE"/saves/autosave-*.halma)
[ "$(echo "$kept" | wc -l)" = 1 ] || fail "not one autosave moved to the saves: $kept"
[ "$(piece_at "$(record_board "$kept")" d7 8)" = 2 ] || fail "the moved game is not the first one"
[ "$(piece_at "$(record_board "$STATE/autosave.halma")" d3 8)" = 1 ] || fail "the new autosave lacks c2-d3"

# :save NAME keeps a game in the saves folder; :load lists it; loading asks first.
start_game --resume
wait_for "1. c2-d3"
keys ':save friday' Enter
wait_for "saved as friday.halma in your saves"
[ "$(piece_at "$(record_board "$STATE/saves/friday.halma")" d3 8)" = 1 ] || fail "friday lacks c2-d3"
keys ':e8-e7' Enter
wait_for "1. e8-e7"
keys ':load nothere' Enter
wait_for "no saved game named nothere (:load lists them)"
keys ':load fri' Tab
wait_for ":load friday"
keys Escape
keys ':load' Enter
wait_for "Saved games in $STATE/saves"
wait_re "friday +[0-9-]+ [0-9:]+ +8x8 2p, 1 move, playing"
wait_re "autosave-[0-9-]+ "
keys Escape
wait_gone "Saved games in"
keys ':load' Enter
wait_for "Saved games in"
# The newest (friday) is chosen first.
keys Enter
wait_for "Load friday.halma? The game in progress is kept in your saves (y/n)"
keys y
wait_re "The game before is kept in your saves as game-[0-9]{8}-[0-9]{6}"
replaced=$(ls "$STATE"/saves/game-*.halma)
[ "$(piece_at "$(record_board "$replaced")" e7 8)" = 2 ] || fail "the replaced game was not kept"
wait_gone "1. e8-e7"
keys q y
[ "$(wait_exit)" = 0 ] || fail "the last quit failed"
