#!/bin/bash
# The engine protocol fed what no well-behaved client sends: binary garbage, a 1 MB line, NUL
# bytes, CRLF line ends, and standard input closed in the middle of a command. Each must get
# "? ..." answers (CRLF lines are ordinary commands), never a crash, exit status 0 at end of
# input, and the game must be exactly as it was before the bad input.
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0

fail() {
    echo "FAIL $1"
    fails=$((fails + 1))
}

# Runs the engine on file $1; answers go to $1.out, one summary line per answer (its first
# line, bytes outside printable ASCII shown as '?', cut to 400 characters) to $1.ans.
run() {
    "$HALMA" --engine <"$1" >"$1.out" 2>"$1.err"
    local status=$?
    perl -0777 -ne 'for (split /\n\n/) { my ($l) = split /\n/; $l = "" unless defined $l;
        $l =~ s/[^\x20-\x7e]/?/g; print substr($l, 0, 400), "\n" }' "$1.out" >"$1.ans"
    return $status
}

# The start of every session: a game with one move played, and its board.
prefix() { printf 'newgame\nplay a5-a6\nboard\n'; }
board=$(printf 'newgame\nplay a5-a6\nboard\n' | "$HALMA" --engine | sed -n 's/^= \(.*[0-9]\)$/\1/p')
[ -n "$board" ] || { echo "cannot read the board"; exit 1; }

# Checks a session made of prefix, bad input and "board", "status", "undo", "board": the bad
# lines all answered "? ...", the game unchanged after them (same board, still playing, the
# move before them still the one undone).
check_unchanged() { # name file
    local name=$1 file=$2
    run "$file"
    local status=$? n i
    [ "$status" -eq 0 ] || { fail "$name: exit status $status"; sed 's/^/    /' "$file.err" | head; return; }
    mapfile -t ans <"$file.ans"
    n=${#ans[@]}
    if [ "$n" -lt 8 ]; then fail "$name: only $n answers"; return; fi
    [ "${ans[0]}" = "=" ] && [ "${ans[1]}" = "=" ] && [ "${ans[2]}" = "= $board" ] ||
        { fail "$name: the session did not start as expected"; return; }
    for ((i = 3; i < n - 4; i++)); do
        [[ ${ans[i]} == "? "* ]] || { fail "$name: answer $i is not an error: ${ans[i]}"; return; }
    done
    [ "${ans[n - 4]}" = "= $board" ] || { fail "$name: the board changed: ${ans[n - 4]}"; return; }
    [ "${ans[n - 3]}" = "= playing" ] || { fail "$name: the status changed: ${ans[n - 3]}"; return; }
    [ "${ans[n - 2]}" = "=" ] || { fail "$name: undo failed: ${ans[n - 2]}"; return; }
    [[ ${ans[n - 1]} == "= "*" 1" ]] || { fail "$name: undo did not go back to player 1"; return; }
    echo "ok $name: $((n - 7)) error answers, game unchanged"
}
suffix() { printf '\nboard\nstatus\nundo\nboard\n'; }

# 1. Binary garbage: 256 KiB of random bytes (fixed seed), then random printable words.
{
    prefix
    perl -e 'srand(6); print map { chr(int rand 256) } 1 .. 262144'
    perl -e 'srand(7); for (1 .. 2000) { print map({ chr(33 + int rand 94) } 1 .. 1 + int rand 12),
        (rand() < 0.3 ? "\n" : " ") }'
    suffix
} >"$dir/garbage"
check_unchanged "binary garbage" "$dir/garbage"

# 2. Long lines: 1 MB of one word, a 1 MB play argument, and 60 KB just under the limit.
{
    prefix
    perl -e 'print "x" x 1048576, "\n"; print "play ", "a" x 1048576, "\n"; print "play ", "b" x 60000'
    suffix
} >"$dir/long"
check_unchanged "1 MB lines" "$dir/long"
grep -q '^? line too long' "$dir/long.out" || fail "1 MB lines: no 'line too long' answer"
[ "$(wc -c <"$dir/long.out")" -lt 200000 ] || fail "1 MB lines: the answers echo the long line"

# 3. NUL bytes inside commands, arguments, positions and option values, and non-UTF-8 bytes.
{
    prefix
    printf 'bo\0ard\n\0\nplay a6\0-a7\nplay a6-a7\0\nnewgame\0players=3\nnewgame players=3\0\n'
    printf 'setup \0\nundo\0\nlevel 1\0\nperft \0001\nplay \377\376\nnewgame size=\351\n'
    suffix
} >"$dir/nul"
check_unchanged "NUL bytes" "$dir/nul"

# 4. CRLF line ends: the same session with "\r\n" answers exactly as with "\n"; a lone "\r" is
#    a blank line.
lf='newgame size=8\nplay a4-a5\nsetup ......../......../......../......../......../2.2...../22....../122..... 1\nlegal\nplay pass\nboard\nundo\nstatus\nhelp\n'
printf "$lf" >"$dir/lf"
printf "$lf" | sed 's/$/\r/' >"$dir/crlf"
printf '\r\n' >>"$dir/crlf"
run "$dir/lf"
s1=$?
run "$dir/crlf"
s2=$?
if [ "$s1" -ne 0 ] || [ "$s2" -ne 0 ]; then
    fail "CRLF: exit status $s1 / $s2"
elif grep -q '^? ' "$dir/lf.out"; then
    fail "CRLF: the plain session has errors"
elif ! cmp -s "$dir/lf.out" "$dir/crlf.out"; then
    fail "CRLF: the answers differ from the LF session"
    diff "$dir/lf.out" "$dir/crlf.out" | head
else
    echo "ok CRLF: $(wc -l <"$dir/lf.ans") answers identical to the LF session"
fi

# 5. Standard input closed mid-command: the partial last line is read as a line (here an
#    unknown command and a half-written move), then the engine ends with status 0. A writer
#    that stops after a pause, and an empty input, end the same way.
for partial in 'boa' 'play a6-' 'newgame players=' 'setup ....'; do
    { prefix; printf '%s' "$partial"; } >"$dir/closed"
    run "$dir/closed"
    status=$?
    last=$(tail -1 "$dir/closed.ans")
    if [ "$status" -ne 0 ]; then
        fail "closed stdin after '$partial': exit status $status"
    elif [ "$(wc -l <"$dir/closed.ans")" -ne 4 ] || [[ $last != "? "* ]]; then
        fail "closed stdin after '$partial': answers $(tr '\n' '|' <"$dir/closed.ans")"
    else
        echo "ok closed stdin after '$partial': $last"
    fi
done
out=$({ prefix; printf 'genmove'; sleep 0.3; } | "$HALMA" --engine)
status=$?
[ "$status" -eq 0 ] && [ "$(grep -c '^=' <<<"$out")" -eq 4 ] ||
    fail "a writer that stops mid-line after a pause: status $status, output: $out"
"$HALMA" --engine </dev/null >"$dir/empty.out"
status=$?
[ "$status" -eq 0 ] && [ ! -s "$dir/empty.out" ] || fail "empty input: status $status or output"

[ "$fails" -eq 0 ] && echo "all protocol faults answered cleanly"
[ "$fails" -eq 0 ]
