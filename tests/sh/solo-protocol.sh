#!/bin/bash
# Solitaire through the real `halma --engine` process: listing and starting puzzles, moves,
# errors, undo, perft, hints (and a hint that says why a figure is out of reach), the
# symmetric goals, the end of a puzzle, and the way back to a normal game.
set -u
fail() { echo "FAIL: $*"; exit 1; }

# Runs protocol commands (one per argument) and prints the answers.
engine() { printf '%s\n' "$@" | "$HALMA" --engine; }

# The answer lines to the protocol commands given, without the framing blank lines.
expect() { # expected-output commands...
    local want=$1
    shift
    local got
    got=$(engine "$@" | sed '/^$/d')
    [ "$got" == "$want" ] || fail "for: $*
--- want
$want
--- got
$got"
}

expect "= crossing
crossing-13
crossing-10x10
crossing-8x8
symmetry
mirror
symmetry-a16p1" puzzles

# Starting a puzzle, its board, and the errors of a bad start.
expect "=
= ......../......../......../......../1......./11....../111...../1111.... 1
= playing" "newgame solo=crossing-8x8" board status
expect "? unknown puzzle 'nope': no built-in one of that name (crossing crossing-13 crossing-10x10 crossing-8x8 symmetry mirror symmetry-a16p1), and no puzzle file (cannot read nope: No such file or directory)" "newgame solo=nope"
# A puzzle of one's own, from a puzzle file; one that is not a puzzle is refused by name.
own=$(mktemp -d)
trap 'rm -rf "$own"' EXIT
printf 'name: two-hops\nsize: 8\nstart: a1 b2\ngoal: fill c3 d4\nlimit: 5\npar: 2\n' >"$own/p.txt"
printf 'name: broken\nsize: 8\n' >"$own/bad.txt"
expect "=
= ......../......../......../......../......../......../.1....../1....... 1
=
=
= solved 2" "newgame solo=$own/p.txt" board "play a1-c3" "play b2-d4" status
expect "? $own/bad.txt: the puzzle has no 'start:' line" "newgame solo=$own/bad.txt"
# load knows a bare puzzle file from a game record: the puzzle starts.
expect "=
= playing
= ......../......../......../......../......../......../.1....../1....... 1" "load $own/p.txt" status board
expect "? solo=<puzzle> takes no other option" "newgame solo=crossing-8x8 size=8"
# In a game of Halma, hint names the AI's move without playing it.
game_hint=$(engine "newgame size=8" "level 2" hint board | sed -n 's/^= //p')
echo "$game_hint" | head -1 | grep -qE '^[a-h][1-8](-[a-h][1-8])+$' || fail "no hint in a game: $game_hint"
echo "$game_hint" | tail -1 | grep -qx '\.\.\.\.2222/\.\.\.\.\.222/\.\.\.\.\.\.22/\.\.\.\.\.\.\.2/1\.\.\.\.\.\.\./11\.\.\.\.\.\./111\.\.\.\.\./1111\.\.\.\. 1' ||
    fail "hint played its move: $game_hint"

# Moves: legal ones, a chain spelled out, refusals with reasons, undo and perft.
expect "=
=
=
= ......../......../......../......../1..1..../11.1..../1.1...../1.11.... 1
? illegal move: there is no piece on b2
? illegal move: c1 is occupied
? illegal move: hop 1 (a4-a6) has no piece on a5 to hop over
? illegal move: no step or hop chain leads from a1 to a5
=
= ......../......../......../......../1......./11.1..../111...../1.11.... 1" \
    "newgame solo=crossing-8x8" "play b1-d3" "play b2-d2-d4" board "play b2-c3" "play d1-c1" \
    "play a4-a6-a8" "play a1-a5" undo board
legal=$(engine "newgame solo=crossing-8x8" legal | sed '/^$/d' | tail -n +2 | wc -l)
perft=$(engine "newgame solo=crossing-8x8" "perft 1" | sed -n 's/^= //p' | tail -1)
[ "$legal" -eq "$perft" ] && [ "$perft" -gt 0 ] || fail "legal lists $legal moves, perft 1 says $perft"

# The kept best crossing of 8x8 solves the puzzle in its number of moves; then nothing moves.
best="b1-d3 b2-d2-d4 a3-b4 a1-a3-c3-e5 a2-c4-e4-e6 c1-c3-a3-c5 b3-b5-d5-f7 d1-b3-b5-d5-f5 a4-c4-e4-g6-e8 c2-e4-g6 b4-d6-f6-h6 f5-h7-h5 d3-d5-f5-h7 d4-f6-f8 e5-e7-g7 c5-d6 d6-f6-h8 e6-g8"
cmds=("newgame solo=crossing-8x8")
n=0
for m in $best; do cmds+=("play $m"); n=$((n + 1)); done
out=$(engine "${cmds[@]}" status "play a1-a2" legal "genmove" | sed '/^$/d')
[ "$(grep -c '^=$' <<<"$out")" -eq $((n + 2)) ] || fail "a move of the kept solution was refused: $out"
grep -qx "= solved $n" <<<"$out" || fail "no 'solved $n' after the kept solution: $out"
grep -qx '? illegal move: the puzzle is solved' <<<"$out" || fail "a move was taken after the goal"
grep -qx '? game over' <<<"$out" || fail "genmove after the goal: $out"

# A hint is a move the engine then accepts; genmove plays one.
hint=$(engine "newgame solo=crossing-8x8" hint | sed -n 's/^= //p' | tail -1)
[ -n "$hint" ] || fail "no hint"
expect "=
=
=
= playing" "newgame solo=crossing-8x8" "play $hint" "undo" status
out=$(engine "newgame solo=crossing-10x10" genmove "perft 0" | sed '/^$/d')
[ "$(sed -n 3p <<<"$out")" == "= 1" ] || fail "genmove in a puzzle: $out"

# A symmetric goal: a figure one move from symmetric across a16-p1 (15 pieces on that
# diagonal, g8 with i10, b13 and d14): d14-d15 completes it, d14-c15 does not.
board=$(awk 'BEGIN {
    for (r = 15; r >= 0; r--) {
        row = ""
        for (f = 0; f < 16; f++) {
            c = "."
            if (f + r == 15 && f != 15) c = "1"
            if ((f == 6 && r == 7) || (f == 8 && r == 9) || (f == 1 && r == 12) || (f == 3 && r == 13)) c = "1"
            row = row c
        }
        printf "%s%s", row, (r ? "/" : " 1\n")
    } }')
expect "=
=
= playing
=
= solved 1
? illegal move: the puzzle is solved" "newgame solo=symmetry-a16p1" "setup $board" status \
    "play d14-d15" status "play a16-a15"
expect "=
=
=
= playing" "newgame solo=symmetry-a16p1" "setup $board" "play d14-c15" status
expect "=
? bad position: the puzzle has 19 pieces, not 1" "newgame solo=symmetry" \
    "setup ................/................/................/................/................/................/................/................/................/................/................/................/................/................/................/1............... 1"

# The move limit: 19 moves of the symmetry puzzle without the figure end it as failed.
cmds=("newgame solo=symmetry")
for i in $(seq 1 9); do cmds+=("play e1-f1" "play f1-e1"); done
cmds+=("play e1-f1" status "play f1-e1")
out=$(engine "${cmds[@]}" | sed '/^$/d' | tail -2)
[ "$out" == "= failed 19
? illegal move: the puzzle is over (failed 19)" ] || fail "the move limit: $out"

# The figure puzzles: the kept lines solve them at the 19th move; a wasted move puts the
# figure out of reach, and the hint says why.
sym="c1-e3 a3-c5 d1-f1 a4-a6 e1-g1 a5-a7 b2-d4 e2-f2 b5-b6 c3-e1-g3 a1-c1-c3-a5-c7 d3-f3 c4-c6 b1-d3-d5 a2-c4-e4 c2-e2-g2 b3-b5-b7 d2-f4-h2 b4-d6-b8"
mir="d1-f3 c2-e4 b3-d5 a4-c6 c1-e3-g3 a1-c1-e3-e5 d2-f2-f4 a3-c5-c7 c4-e6 e1-e3-g5 e2-g4-g6 a2-c2-c4-e2-g4 d3-f5-h5-f7 b1-b3-d3-f5 b2-d4-d6 a5-c5-e7-g7 c3-a5-c5-e7 b4-b6-d8-f6 b5-d7"
for spec in "symmetry:$sym" "mirror:$mir"; do
    cmds=("newgame solo=${spec%%:*}")
    for m in ${spec#*:}; do cmds+=("play $m"); done
    out=$(engine "${cmds[@]}" status | sed '/^$/d' | tail -1)
    [ "$out" == "= solved 19" ] || fail "${spec%%:*}: the kept line gives $out"
done
expect "=
=
=
? no symmetric figure can be reached now: 18 pieces must still move and only 17 moves are left" \
    "newgame solo=symmetry" "play b2-d4" "play a1-b2" hint
hint=$(engine "newgame solo=mirror" hint | sed -n 's/^= //p' | tail -1)
expect "=
=
= playing" "newgame solo=mirror" "play $hint" status

# The puzzle's text, and the way back to a normal game.
expect "=
= name: symmetry
title: Move every piece out of the camp into a figure symmetric across a1-p16
size: 16
start: camp a1 large
goal: symmetric-diagonal
empty: camp a1 large
camp-rule: 0
longjumps: 0
limit: 19
par: 19" "newgame solo=symmetry" puzzle
expect "=
=
= playing
= 40
? no puzzle is being played (newgame solo=<puzzle>)" "newgame solo=symmetry" "newgame" status "perft 1" puzzle
# Save and load resume a puzzle; a damaged record is refused and changes nothing.
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$own"' EXIT
expect "=
=
=
=" "newgame solo=crossing-8x8" "play b1-d3" "play b2-d2-d4" "save $dir/p.txt"
grep -qx "2. b2-d2-d4" "$dir/p.txt" || fail "the record lacks its moves: $(cat "$dir/p.txt")"
expect "=
=
= ......../......../......../......../1..1..../11.1..../1.1...../1.11.... 1
= playing
=
= ......../......../......../......../1......./11.1..../111...../1.11.... 1" \
    "newgame" "load $dir/p.txt" board status undo board
sed 's/^2\. b2-d2-d4$/2. b2-b5/' "$dir/p.txt" >"$dir/bad.txt"
expect "=
? $dir/bad.txt: line 14: move 'b2-b5': no step or hop chain leads from b2 to b5
= ...........22222/...........22222/............2222/.............222/..............22/................/................/................/................/................/................/11............../111............./1111............/11111.........../11111........... 1" \
    "newgame" "load $dir/bad.txt" board
help=$(engine help | sed '/^$/d')
for c in "newgame solo=<puzzle>" puzzles puzzle hint; do
    grep -qxF -- "$c" <<<"$(sed 's/^= //' <<<"$help")" || fail "help does not list $c"
done
echo "solo protocol: all checks passed"
