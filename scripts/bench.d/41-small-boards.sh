# The computer on the small boards, 8x8 and 10x10 under their default rules (strict, the
# leave-home rule at move 30 and 50), each figure checked against its target:
# - every level against itself: the plies a game takes, median and longest (every game ends
#   within 300 plies, the median within 70 on 8x8 and 100 on 10x10), how often a player's
#   move brings its pieces back to a set of squares they held before in that game (at
#   levels 3 to 5 at most 2% of its moves), and its moves inside its home camp that bring
#   no piece nearer the target (shown);
# - the default level (3) against level 1 wins at least 90% of the games, level 5 against
#   level 3 at least 80%, on each board.
# Games of tools/match in this process, seats rotated (each seed plays both seatings, seat 1
# moving first), the clock's levels thinking by a node budget so that every figure repeats
# on any machine (level 4 gets a third of it; level 3 keeps its own budget):
# HALMA_BENCH_SMALL_NODES a move against itself (default 100000, what some 50 ms of level
# 5's clock give on the reference machine), HALMA_BENCH_SMALL_MATCH_NODES between levels
# (default 500000, some 250 ms), HALMA_BENCH_SMALL_SEEDS seeds (default 5: 10 games a line).
# A game is a draw at 150 moves a player (300 plies). About 15 minutes on one core.
MATCH="$BUILD/tools/match"
[ -x "$MATCH" ] || { echo "no $MATCH: build it with make tools"; exit 1; }
NODES=${HALMA_BENCH_SMALL_NODES:-100000}
MATCH_NODES=${HALMA_BENCH_SMALL_MATCH_NODES:-500000}
SEEDS=${HALMA_BENCH_SMALL_SEEDS:-5}
# summary SEATS SIZE NODES: the match's summary line.
summary() {
    "$MATCH" --seats "$1" --size "$2" --maxturns 150 --nodes "$3" --movetime 600000 \
        --seeds "1-$SEEDS" | sed -n 's/^summary: //p'
}
# met OK: "met" or "NOT met".
met() { if [ "$1" = 1 ]; then echo met; else echo "NOT met"; fi; }
echo "-- small boards: $NODES nodes a move against itself, $MATCH_NODES between levels, seeds 1-$SEEDS, both seatings"
for size in 8 10; do
    most=70
    [ "$size" = 10 ] && most=100
    for level in 1 2 3 4 5; do
        s=$(summary "$level,$level" "$size" "$NODES")
        set -- $(echo "$s" | sed -n 's/.* repeats \([0-9]*\)\/\([0-9]*\) home-shuffles \([0-9]*\);.* draws \([0-9]*\) plies median \([0-9]*\) max \([0-9]*\).*/\1 \2 \3 \4 \5 \6/p')
        [ $# = 6 ] || { echo "  ${size}x$size level $level: no summary"; continue; }
        rate=$(awk -v r="$1" -v n="$2" 'BEGIN { printf "%.1f", n ? 100 * r / n : 0 }')
        length=$(met "$(awk -v m="$5" -v x="$6" -v d="$4" -v t="$most" 'BEGIN { print (d == 0 && x <= 300 && m <= t) }')")
        [ "$level" -ge 3 ] && repeats="target <= 2%): $(met "$(awk -v r="$rate" 'BEGIN { print (r <= 2) }')")"
        [ "$level" -lt 3 ] && repeats="no target)"
        echo "  ${size}x$size, level $level against itself: plies median $5, longest $6, $4 unfinished (target: all end, median <= $most): $length; back to squares held before in $1 of $2 moves ($rate%; $repeats; $3 moves inside home not forward"
    done
    for pair in "3 1 90" "5 3 80"; do
        set -- $pair
        s=$(summary "$1,$2" "$size" "$MATCH_NODES")
        won=$(echo "$s" | sed -n "s|.* L$1 \([0-9]*\)/\([0-9]*\) seats.*|\1 \2|p")
        set -- $1 $2 $3 $won
        ok=$(awk -v w="${4:-0}" -v n="${5:-0}" -v t="$3" 'BEGIN { print (n && 100 * w >= t * n) }')
        echo "  ${size}x$size, level $1 against level $2: won ${4:-?} of ${5:-?} (target >= $3%): $(met "$ok")"
    done
done
