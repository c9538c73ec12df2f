# The solitaire solvers.
# 1. The beam search (tools/solo_solve): the fewest moves it finds for each crossing and the
#    time it took, within a budget per puzzle: 60 s for the 19-piece 16x16 crossing, 20 s for
#    the 13-piece one, 10 s for 10x10, 5 s for 8x8. It stops early when its bound proves the
#    answer; the move counts depend on the machine's speed, since the budget is time. The par
#    of `crossing` (44) is the 22-move figure symmetric across a16-p1 (the par of
#    symmetry-a16p1), doubled by the mirror trick: a far longer search than these.
# 2. The figure solver (tools/solo_figures bench): hint times for symmetry and mirror from the
#    start, along a line found and from positions a player could reach, each hint with the
#    front end's budget; then the distinct symmetry figures it finds in 10 s and in 60 s.
tool="$BUILD/tools/solo_solve"
[ -x "$tool" ] || { echo "solo: $tool not built"; exit 1; }
for spec in "crossing 60" "crossing-13 20" "crossing-10x10 10" "crossing-8x8 5"; do
    set -- $spec
    "$tool" "$1" "$2" | head -1
done
figures="$BUILD/tools/solo_figures"
[ -x "$figures" ] || { echo "solo: $figures not built"; exit 1; }
"$figures" bench 5
