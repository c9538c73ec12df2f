# The solitaire solver (tools/solo_solve): the fewest moves it finds for each crossing and
# the time it took, within a budget per puzzle: 60 s for the 19-piece 16x16 crossing, 20 s
# for the 13-piece one, 10 s for 10x10, 5 s for 8x8. The search stops early when its bound
# proves the answer; the move counts depend on the machine's speed, since the budget is time.
tool="$BUILD/tools/solo_solve"
[ -x "$tool" ] || { echo "solo: $tool not built"; exit 1; }
for spec in "crossing 60" "crossing-13 20" "crossing-10x10 10" "crossing-8x8 5"; do
    set -- $spec
    "$tool" "$1" "$2" | head -1
done
