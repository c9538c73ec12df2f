# A long game is joined and watched: a record of 60,000 rounds (more than 20,000 lines and
# 1 MiB) loaded at the host reaches the joiner and the watcher whole; the game goes on from
# there, and the records saved at both ends agree.
. "$(dirname "$0")/net_lib.bash"
{
    printf '# halma game record\nplayers: 2\nsize: 8\nevacuate: 0\nfirst: 1\n\n'
    for ((i = 1; i <= 60000; i += 2)); do
        printf '%d. d1-e2 e8-d7\n%d. e2-d1 d7-e8\n' "$i" $((i + 1))
    done
} >"$TMP/long.halma"
[ "$(stat -c %s "$TMP/long.halma")" -gt 1048576 ] || fail "the record is not over 1 MiB"
[ "$(record_status "$TMP/long.halma")" = playing ] || fail "the long record does not load"
start host --host club --load "$TMP/long.halma" --seats human,remote
wait_on host "join: halma --join $ME/club"
start joiner --join club
wait_on joiner "Joined club as player 2"
wait_on joiner "60000. d7-e8"
start watcher --watch club
wait_on watcher "Watching club"
wait_on watcher "60000. d7-e8"
keys_to host ':d1-e2' Enter
wait_on joiner "60001. d1-e2"
wait_on watcher "60001. d1-e2"
keys_to joiner ':e8-d7' Enter
wait_on host "60001. e8-d7"
wait_on watcher "60001. e8-d7"
keys_to host ":save $TMP/host.halma" Enter
keys_to watcher ":save $TMP/watcher.halma" Enter
wait_file "$TMP/host.halma"
wait_file "$TMP/watcher.halma"
cmp -s <(grep -v '^seats:\|^host:\|^clock:' "$TMP/host.halma") <(grep -v '^seats:\|^host:\|^clock:' "$TMP/watcher.halma") ||
    fail "the two records differ: $(diff "$TMP/host.halma" "$TMP/watcher.halma" | head)"
grep -q '^60001\. d1-e2 e8-d7$' "$TMP/watcher.halma" || fail "the watcher's record lacks the last round"
echo "net long ok"
