#!/bin/bash
# The race meter move by move through `halma --engine`, over games the computer plays itself
# at level 2 (a fixed number of positions a move, seeded): after another seat's move a figure
# moves by at most 2 in 95% of cases and never by more than 6; after a seat's own move its
# figure drops by at most 1 in 95% of moves; `analyse`'s best move undoes the mover's own
# last move in at most 5% of positions; the start figures are the catalogue's crossings; and
# at the end of each game on 16x16 the meter sees the progress made: against a fresh plan of
# the position alone (2,000,000 positions, nothing carried) its figures are on average at
# most 3 higher, and none more than 10.
set -u
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$HALMA" ] || fail "$HALMA not built"

# Plays PLIES moves of a game (OPTIONS, SEED) asking `race` after each, then `analyse`.
# Prints "race F1 F2 ..." after each move ("start" first) and the analyse lines.
session() { # OPTIONS SEED PLIES
    {
        echo "newgame $1"
        echo "level 2"
        echo "nodes 3000"
        echo "seed $2"
        echo race
        for ((i = 0; i < $3; i++)); do
            echo genmove
            echo race
        done
        echo board
        echo analyse
    } | "$HALMA" --engine | sed '/^=$/d; /^$/d; s/^= //'
}

others_near=0 others=0 others_most=0 own=0 own_one=0 undone=0 positions=0 excess=0 seats=0
check_game() { # OPTIONS SEED PLIES START
    local out players
    out=$(session "$1" "$2" "$3")
    # The figures after each move, one line each; the start first.
    figures=$(grep -E '^[0-9 -]+$' <<<"$out" | awk 'NF > 1')
    local start
    start=$(head -1 <<<"$figures")
    [ "$start" = "$4" ] || fail "$1: the start figures are '$start', not '$4'"
    players=$(awk '{ print NF; exit }' <<<"$start")
    # Movers in order: the analyse lines (PLY SEAT MOVE COST BEST).
    local analysed
    analysed=$(grep -E '^[0-9]+ [1-4] [a-p]' <<<"$out")
    [ "$(wc -l <<<"$analysed")" = "$3" ] || fail "$1 seed $2: analyse has not $3 lines"
    read -r a b c d e f < <(paste -d' ' <(sed -n "1,$3p" <<<"$figures") \
        <(sed -n "2,$(($3 + 1))p" <<<"$figures") <(awk '{ print $2 }' <<<"$analysed") |
        awk -v n="$players" '{
            mover = $(2 * n + 1)
            for (s = 1; s <= n; s++) {
                before = $s; after = $(n + s)
                if (before !~ /^[0-9]+$/ || after !~ /^[0-9]+$/) continue
                d = after - before
                if (s == mover) { own++; if (before - after <= 1) one++ }
                else { others++; if (d <= 2 && d >= -2) near++; if (d < 0) d = -d; if (d > most) most = d }
            }
        } END { print near + 0, others + 0, most + 0, own + 0, one + 0, 0 }')
    others_near=$((others_near + a)) others=$((others + b)) own=$((own + d)) own_one=$((own_one + e))
    [ "$c" -gt "$others_most" ] && others_most=$c
    # The best move undoing the mover's own last move (its ends the last move's, reversed).
    local u
    u=$(awk '{
        split($3, m, "-"); split($5, b, "-")
        if ($2 in last && b[1] == last_to[$2] && b[length(b)] == last[$2]) undone++
        last[$2] = m[1]; last_to[$2] = m[length(m)]
    } END { print undone + 0 }' <<<"$analysed")
    undone=$((undone + u)) positions=$((positions + $3))
    # The progress made: the figures at the end against the position's own, planned afresh.
    local end fresh=""
    end=$(tail -1 <<<"$figures")
    if [[ "$1" == *size=16* ]]; then
        fresh=$(printf 'newgame %s\nsetup %s\nrace\n' "$1" "$(grep / <<<"$out")" |
            "$HALMA" --engine | sed -n 's/^= \([0-9 ]*[0-9]\)$/\1/p')
        local ends afresh s
        read -r -a ends <<<"$end"
        read -r -a afresh <<<"$fresh"
        [ "${#afresh[@]}" = "${#ends[@]}" ] || fail "$1 seed $2: no fresh figures for the end ('$fresh')"
        for ((s = 0; s < ${#ends[@]}; s++)); do
            [ "${ends[s]}" -le $((afresh[s] + 10)) ] ||
                fail "$1 seed $2: player $((s + 1)) ends at ${ends[s]}, a fresh plan says ${afresh[s]}"
            excess=$((excess + ends[s] - afresh[s])) seats=$((seats + 1))
        done
        fresh=" (planned afresh: $fresh)"
    fi
    echo "$1 seed $2: $end${fresh:-} after $3 plies (from $start); others' moves within 2: $a of $b, most $c; own drops at most 1: $e of $d; best undoes the last move: $u"
}

check_game "players=2 size=16" 1 40 "44 44"
check_game "players=2 size=16" 2 40 "44 44"
check_game "players=2 size=16" 3 40 "44 44"
check_game "players=4 size=16" 1 40 "42 42 42 42"
check_game "players=2 size=8" 1 40 "18 18"
check_game "players=2 size=10" 1 30 "27 27"

[ $((100 * others_near)) -ge $((95 * others)) ] || fail "after others' moves: $others_near of $others within 2"
[ "$others_most" -le 6 ] || fail "a figure moved by $others_most after another's move"
[ $((100 * own_one)) -ge $((95 * own)) ] || fail "own moves: $own_one of $own dropped by at most 1"
[ $((100 * undone)) -le $((5 * positions)) ] || fail "the best move undid the last one in $undone of $positions positions"
[ "$excess" -le $((3 * seats)) ] || fail "the figures at the end are $excess above fresh plans over $seats seats"
echo "race-steady: others' moves $others_near of $others within 2 (most $others_most), own $own_one of $own, undone $undone of $positions; at the end $excess above fresh plans over $seats seats"
