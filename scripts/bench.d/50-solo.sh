# The solitaire solver (tools/solo_solve): the fewest moves it finds for each crossing and
# the time it took, within a budget per puzzle: 60 s for the 19-piece 16x16 crossing, 20 s
# for the 13-piece one, 10 s for 10x10, 5 s for 8x8. The search stops early when its bound
# proves the answer; the move counts depend on the machine's speed, since the budget is time.
# The par of `crossing` (44) came from a far longer search than these: tools/solo_probe
# reaching a symmetric figure in 22 moves at beam width 1,000,000 (about 7 to 17 minutes and
# 1.5 GB), doubled by the mirror trick; see the comment above the puzzles in solo_puzzle.hpp.
tool="$BUILD/tools/solo_solve"
[ -x "$tool" ] || { echo "solo: $tool not built"; exit 1; }
for spec in "crossing 60" "crossing-13 20" "crossing-10x10 10" "crossing-8x8 5"; do
    set -- $spec
    "$tool" "$1" "$2" | head -1
done
