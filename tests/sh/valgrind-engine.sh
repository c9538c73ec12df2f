#!/bin/bash
# valgrind over a short scripted `halma --engine` session (every command, a save and a load,
# errors, the AI): no invalid read or write, no leak, and the answers the session expects.
# Skipped in the sanitizer run, whose binary valgrind cannot run.
set -u
if [ -n "${SANITIZE:-}" ]; then echo "skipped under the sanitizers"; exit 0; fi
command -v valgrind >/dev/null || { echo "valgrind is missing: scripts/deps.sh test"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

cat >"$dir/in" <<END
help
newgame players=2 size=8 longjumps=1
play a4-a5
genmove
legal
perft 2
save $dir/game.rec
newgame players=4 partners=opposite win=both
genmove
genmove
undo
status
load $dir/game.rec
board
setup ......../......../......../......../......../2.2...../22....../122..... 1
play pass
play zz-a1
newgame players=5
load $dir/missing.rec
bogus
quit
END
valgrind -q --error-exitcode=97 --leak-check=full --errors-for-leak-kinds=definite,indirect,possible \
    --log-file="$dir/vg" "$HALMA" --engine <"$dir/in" >"$dir/out"
status=$?
if [ "$status" -ne 0 ] || [ -s "$dir/vg" ]; then
    echo "valgrind or the engine failed (exit status $status):"
    cat "$dir/vg"
    exit 1
fi

# 21 commands, 21 answers; the four bad ones are errors, the rest succeed.
answers=$(grep -c -E '^(=|\? )' "$dir/out")
errors=$(grep -c '^? ' "$dir/out")
[ "$answers" -eq 21 ] || { echo "expected 21 answers, got $answers:"; cat "$dir/out"; exit 1; }
[ "$errors" -eq 4 ] || { echo "expected 4 errors, got $errors:"; cat "$dir/out"; exit 1; }
[ -s "$dir/game.rec" ] || { echo "save wrote no record"; exit 1; }
echo "valgrind: clean over $answers answers"
