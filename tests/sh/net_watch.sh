# Watchers who know they watch: a watcher's key bar lists what a watcher can do, a move tried
# says it is watching, everyone at the table sees how many watch, and a watcher coming in is
# shown the chat said before.
. "$(dirname "$0")/net_lib.bash"
start host --host den --size 8 --seats human,remote
wait_on host "join: halma --join $ME/den"
start joiner --join den
wait_on joiner "Joined den as player 2"
wait_on host "$ME joined as player 2"
keys_to host ':say before you came' Enter
wait_on joiner "$ME: before you came"

start watcher --watch den
wait_on watcher "Watching den"
# The chat said before the watcher came, shown to it.
wait_on watcher "$ME: before you came"
# Everyone at the table sees how many watch.
wait_on host "1 watching"
wait_on joiner "1 watching"
wait_on watcher "1 watching"
# The watcher's keys: no choosing, no undo.
wait_on watcher "arrows look around"
screen=$(screen_of watcher | tail -1)
case "$screen" in *"Enter choose"* | *"U undo"*) fail "a watcher's key bar: $screen" ;; esac
case "$screen" in *"r review"*"q quit"*) ;; *) fail "a watcher's key bar: $screen" ;; esac
screen_of joiner | tail -1 | grep -q "Enter choose" || fail "a player's key bar lost Enter choose"
# Its help lists a watcher's keys.
keys_to watcher '?'
wait_on watcher "Keys for a watcher"
screen_of watcher | grep -q "messages, help, stop watching" || fail "a watcher's help: q"
screen_of watcher | grep -q "undo to your last turn" && fail "a watcher's help offers undo"
keys_to watcher Escape
wait_gone_on watcher "Keys for a watcher"
# A move tried, chosen or typed, is a watcher's.
keys_to watcher Enter
wait_on watcher "you are watching"
keys_to watcher Escape
keys_to watcher ':c6-d7' Enter
wait_on watcher "you are watching"
screen_of watcher | grep -q "wait: it is" && fail "a watcher is told to wait for its turn"

start second --watch den
wait_on second "Watching den"
wait_on host "2 watching"
wait_on joiner "2 watching"
keys_to second q
[ "$(wait_rc second)" = 0 ] || fail "the second watcher did not exit 0"
wait_on joiner "1 watching"
wait_on host "1 watching"

keys_to host q
[ "$(wait_rc host)" = 0 ] || fail "the host did not exit 0"
[ "$(wait_rc joiner)" = 0 ] || fail "the joiner did not exit 0"
[ "$(wait_rc watcher)" = 0 ] || fail "the watcher did not exit 0"
echo "net watch ok"
