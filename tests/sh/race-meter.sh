#!/bin/bash
# The race meter and the analysis through `halma --engine`: the same figures for positions
# that are the same up to the board's symmetry (every seat at every start; positions from
# played games, mirrored across a1-p16 and turned half way round with the seats exchanged,
# or a quarter at 4 players), the meter's own first move taking at least one move off the
# mover's figure, the 2-player start figures within the solitaire solver's crossings plus 2,
# and `analyse` of a short game of known good and bad moves, of a finished game and of a
# 4-player one.
set -u
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$HALMA" ] || fail "$HALMA not built"
engine() { printf '%s\n' "$@" | "$HALMA" --engine; }
# The lines of a session's answers, the "= " taken off, empty answers and blank lines dropped.
answers() { engine "$@" | sed '/^=$/d; /^$/d; s/^= //'; }

# A position string turned by a board symmetry: mirror (across a1-p16; mirror4 at 4 players,
# where it exchanges seats 2 and 4), half (turned 180
# degrees, seats 1 and 2 exchanged) or quarter (turned so a1 goes to a16, seat p to p+1).
turn() {
    awk -v how="$2" '{
        n = split($1, rows, "/"); who = $2
        for (i = 1; i <= n; i++) for (f = 0; f < n; f++) at[f, n - i] = substr(rows[i], f + 1, 1)
        for (r = 0; r < n; r++) for (f = 0; f < n; f++) {
            c = at[f, r]
            if (how ~ /^mirror/) { g = r; s = f; if (how == "mirror4" && c ~ /[24]/) c = 6 - c }
            else if (how == "half") { g = n - 1 - f; s = n - 1 - r; if (c == "1") c = "2"; else if (c == "2") c = "1" }
            else { g = r; s = n - 1 - f; if (c ~ /[1-4]/) c = c % 4 + 1 }
            out[g, s] = c
        }
        if (how == "half") who = 3 - who; else if (how == "quarter") who = who % 4 + 1
        else if (how == "mirror4" && who % 2 == 0) who = 6 - who
        line = ""
        for (r = n - 1; r >= 0; r--) { for (f = 0; f < n; f++) line = line out[f, r]; if (r) line = line "/" }
        print line " " who
    }' <<<"$1"
}
# The figures rotated as a turn moves the seats: "a b" -> "b a" (half), "a b c d" -> "d a b c".
moved() {
    case $2 in
    mirror) echo "$1" ;;
    mirror4) awk '{ print $1, $4, $3, $2 }' <<<"$1" ;;
    half) awk '{ print $2, $1 }' <<<"$1" ;;
    quarter) awk '{ print $4, $1, $2, $3 }' <<<"$1" ;;
    esac
}

# The sanitizer's build is slower by a factor of several: there the checks run on the small
# boards only (the normal run checks every board).
small() { [ -n "${SANITIZE:-}" ]; }

# 1. The starts: every seat the same; 2-player within the solver's crossing plus 2.
checked=0
while read -r spec; do
    small && [[ $spec != *"size=8 "* && $spec != *"size=10 "* ]] && continue
    opts=${spec% *} most=${spec##* }
    figures=$(answers "newgame $opts" race | tail -1)
    first=${figures%% *}
    for n in $figures; do
        [ "$n" = "$first" ] || fail "$opts: the seats' start figures differ: $figures"
    done
    [ "$first" -le "$most" ] || fail "$opts: the start figure $first is above $most"
    echo "start $opts: $figures"
done <<'VARIANTS'
players=2 size=16 56
players=2 size=10 spoil=fill 30
players=2 size=8 spoil=fill 20
players=3 size=16 camps=small 99
players=4 size=16 99
VARIANTS
if ! small; then
    mixed=$(answers "newgame players=3 size=16" race | tail -1)
    [ "$(awk '{ print ($1 == $3) }' <<<"$mixed")" = 1 ] || fail "3-player large camps differ: $mixed"
    echo "start players=3 size=16: $mixed"
fi

# The meter's first move from pos for its side to move (read from analyse after any move).
best_move() {
    local any
    any=$(answers "newgame $1" "setup $2" legal | head -1)
    answers "newgame $1" "setup $2" "play $any" analyse | tail -1 | awk '{ print $5 }'
}
# 2. Its plan: the first move takes at least one move off the mover's figure.
plan_holds() { # OPTIONS POSITION
    local seat before move after
    seat=${2##* }
    before=$(answers "newgame $1" "setup $2" race | tail -1 | awk -v s="$seat" '{ print $s }')
    move=$(best_move "$1" "$2")
    [ -n "$move" ] && [ "$move" != - ] || fail "$1 $2: no plan"
    after=$(answers "newgame $1" "setup $2" "play $move" race | tail -1 | awk -v s="$seat" '{ print $s }')
    [ "$after" = 0 ] || [ "$after" -le $((before - 1)) ] ||
        fail "$1 $2: $move took the figure from $before to $after"
    checked=$((checked + 1))
}
# 3. Symmetry: the turned and mirrored copies get the same figures, seats moved as the turn
#    moves them.
symmetric() { # OPTIONS POSITION TURN
    local here there copy
    here=$(answers "newgame $1" "setup $2" race | tail -1)
    local mirror=mirror
    [ "$3" = quarter ] && mirror=mirror4
    for how in "$mirror" "$3"; do
        copy=$(turn "$2" "$how")
        there=$(answers "newgame $1" "setup $copy" race | tail -1)
        [ "$there" = "$(moved "$here" "$how")" ] ||
            fail "$1: $2 gives $here, turned ($how) $copy gives $there"
    done
    checked=$((checked + 1))
}

plan_holds "players=2 size=8 spoil=fill" "$(answers "newgame size=8" board | tail -1)"
if ! small; then
    plan_holds "players=2 size=16" "$(answers "newgame players=2 size=16" board | tail -1)"
    plan_holds "players=2 size=10 spoil=fill" "$(answers "newgame size=10" board | tail -1)"
    plan_holds "players=4 size=16" "$(answers "newgame players=4" board | tail -1)"
fi

# Positions from played games: the computer at level 1 playing itself, a fixed budget.
played() { # OPTIONS PLIES
    local cmds=("newgame $1" "level 1" "nodes 3000" "seed 7") i
    for ((i = 0; i < $2; i++)); do cmds+=(genmove board); done
    answers "${cmds[@]}" | grep '/' | awk 'NR % 2 == 0'
}
specs=("size=8 spoil=fill:half:48" "size=10 spoil=fill:half:40" "players=4 size=16:quarter:16")
least=50
if small; then
    specs=("size=8 spoil=fill:half:12")
    least=6
fi
n=0
for spec in "${specs[@]}"; do
    IFS=: read -r opts how plies <<<"$spec"
    while read -r pos; do
        symmetric "$opts" "$pos" "$how"
        n=$((n + 1))
        if [ $((n % 4)) -eq 0 ]; then plan_holds "$opts" "$pos"; fi
    done < <(played "$opts" "$plies")
done
[ "$n" -ge "$least" ] || fail "only $n positions from played games"

# 4. analyse: the meter's move costs 0; taking one's last move back costs moves; nothing at
#    the start; a finished game and a 4-player one too.
[ "$(engine "newgame size=8" analyse)" = "$(printf '=\n\n=')" ] ||
    fail "analyse at the start says something"
opts="size=8 spoil=fill"
good=$(best_move "$opts" "$(answers "newgame $opts" board | tail -1)")
reply=$(answers "newgame $opts" "play $good" legal | head -1)
back=$(awk -F- '{ print $NF "-" $1 }' <<<"$good")
lines=$(answers "newgame $opts" "play $good" "play $reply" "play $back" analyse)
read -r ply seat move cost best <<<"$(sed -n 1p <<<"$lines")"
[ "$ply $seat $move $cost $best" = "1 1 $good 0 $good" ] || fail "the meter's move: $lines"
read -r ply seat move cost best <<<"$(sed -n 3p <<<"$lines")"
[ "$ply $seat" = "3 1" ] && [ "$cost" -ge 1 ] && [ "$best" != "$move" ] ||
    fail "taking the last move back cost nothing: $lines"
[ "$(wc -l <<<"$lines")" -eq 3 ] || fail "analyse of 3 moves: $lines"

# A finished game: player 1 one step from home, then home.
near="....1111/.....111/......11/2222..../.2222..1/.22...../......../........ 1"
got=$(answers "newgame $opts" "setup $near" "play h4-h5" status race analyse | tr '\n' ' ')
[[ $got =~ ^"winner 1 0 "[0-9]+" 1 1 h4-h5 0 h4-h5 "$ ]] || fail "a finished game: $got"
# 4 players: every seat's move, in order.
small && { echo "race-meter: $checked positions checked (small boards)"; exit 0; }
got=$(answers "newgame players=4" "level 1" "nodes 3000" genmove genmove genmove genmove analyse |
    tail -4 | awk '{ print $1, $2, ($4 >= 0), NF }' | tr '\n' ' ')
[ "$got" = "1 1 1 5 2 2 1 5 3 3 1 5 4 4 1 5 " ] || fail "4-player analyse: $got"
echo "race-meter: $checked positions checked"
