# The AI's strength and speed: self-play matches on the 2-player 16x16 board, each level
# against the one below it (level 5 against level 4 on 8x8 and 10x10 as well) and level 3
# against the one-ply greedy player, seats alternating, default movetime (1000 ms), maxturns
# 200. Targets (issue 4): level 3 beats greedy in every game, finishing in at most 60 moves
# on average, at most 300 ms per move on average; each level beats the one below in at least
# 75% of games; level 5 finishes in at most 50 moves; no move takes longer than movetime. The machine is shared, so the times are
# noisy; the game counts are small to keep the whole bench near twenty minutes (level 5
# thinks a second a move).
MATCH="$BUILD/tools/match"
[ -x "$MATCH" ] || { echo "no $MATCH: build it with make tools"; exit 1; }
run() { # label games A B [options] -> prints the match line and a verdict
    local label=$1 games=$2
    shift 2
    local line
    line=$(timeout 900 "$MATCH" "$@" --games "$games" --maxturns 200 | tail -1)
    [ -n "$line" ] || { echo "$label: no result (timed out?)"; return; }
    echo "$line"
}
pct() { awk -v w="$1" -v n="$2" 'BEGIN { printf "%.0f%%", n ? 100 * w / n : 0 }'; }
field() { # line, regex with one number after it
    echo "$1" | sed -n "s|.*$2 \([0-9.]*\).*|\1|p"
}

l3g=$(run "L3-greedy" 6 3 greedy)
echo "$l3g"
l21=$(run "L2-L1" 8 2 1)
echo "$l21"
l32=$(run "L3-L2" 6 3 2)
echo "$l32"
l43=$(run "L4-L3" 8 4 3)
echo "$l43"
l54=$(run "L5-L4" 4 5 4)
echo "$l54"
l5g=$(run "L5-greedy" 2 5 greedy)
echo "$l5g"
# The small boards too: the ordering of the levels is meant to hold in every variant.
# 8x8 games are close races that the clock's timing alone can swing: at one seed, 8 games
# went 6-2 one run and 3-5 the next, so 20 games (about 9 minutes) for a verdict worth
# reading.
l54s=$(run "L5-L4 8x8" 20 5 4 --size 8)
echo "8x8: $l54s"
l54m=$(run "L5-L4 10x10" 4 5 4 --size 10)
echo "10x10: $l54m"
# Level 5's race planner with nobody in the way, at level 5's pace: the floor under its moves
# in a game (the sides are in touch for most of one, and then it searches instead).
alone=$(timeout 600 "$BUILD/tools/race_alone" --size 16 --movetime 1000 | head -1)
echo "${alone:-race_alone: no result}"

echo "-- against the targets"
w=$(field "$l3g" "L3 wins"); echo "L3 vs greedy: L3 won $w of 6 (target 6 of 6), mean moves to finish $(field "$l3g" "finish") (target <= 60), L3 $(field "$l3g" "ms/move L3") ms/move (target <= 300)"
for pair in "l21 L2 8" "l32 L3 6" "l43 L4 8" "l54 L5 4" "l54s L5 20" "l54m L5 4"; do
    set -- $pair
    line=${!1}
    w=$(field "$line" "$2 wins")
    board=""; [ "$1" = l54s ] && board=" on 8x8"; [ "$1" = l54m ] && board=" on 10x10"
    echo "$2 vs the level below$board: won ${w:-?} of $3 ($(pct "${w:-0}" "$3"); target >= 75%)"
done
echo "slowest move at movetime 1000: L3 $(field "$l3g" "slowest move L3") ms, L4 $(field "$l43" "slowest move L4") ms, L5 $(field "$l54" "slowest move L5") ms on 16x16 and $(field "$l54s" "slowest move L5") ms on 8x8 (target < 1000)"
echo "L5: mean moves to finish $(field "$l54" "finish") against L4, $(field "$l5g" "finish") against greedy (target <= 50), L5 $(field "$l54" "ms/move L5") ms/move; alone $(field "$alone" "home in") moves"
# A win at the opponent's evacuation deadline (60 moves on 16x16) ends a game without
# finishing: how many of the wins above came that way.
echo "wins by the opponent dropping out at its evacuation deadline: L3 $(field "$l3g" "dropouts L3") of its wins against greedy, L5 $(field "$l54" "dropouts L5") against L4 and $(field "$l5g" "dropouts L5") against greedy"
