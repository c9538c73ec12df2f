# The race meter (halma --engine `race` and `analyse`), its budget fixed in positions so the
# figures never depend on the machine:
# the panel's meter followed move by move, `race` after moves through the protocol, and
# `analyse` of a 120-move 2-player 16x16 game (the whole process).
# Wall and CPU times: on a machine shared with other work the wall times rise with its load.
engine() { printf '%s\n' "$@" | "$HALMA" --engine; }
said=$(mktemp)
# Runs a command, its output kept in $said; cost gets "WALL CPU", each in ms (CPU: user and
# system).
timed() {
    local TIMEFORMAT='%R %U %S' t
    t=$({ time "$@" >"$said" 2>/dev/null; } 2>&1)
    cost=$(awk '{ printf "%d %d", $1 * 1000, ($2 + $3) * 1000 }' <<<"$t")
}
# 1. The panel's meter move by move (tools/race_track: the computer at level 2 playing itself,
#    3000 positions a move, seeds 1-3), each position's figures with the lines carried from
#    the position before: CPU per position (median, p90, most) and what a player sees of it.
for spec in "2 16" "4 16" "2 8" "2 10"; do
    for seed in 1 2 3; do "$BUILD/tools/race_track" $spec 2 40 $seed; done
done
#    and whole games, to their end.
for spec in "2 16 2 400 1" "2 16 2 400 2" "4 16 2 400 1" "2 8 2 400 1"; do
    "$BUILD/tools/race_track" $spec
done
# 2. `race` after a move through the protocol, the whole process (start, 40 moves, one race).
record40=$(mktemp)
cmds=("newgame players=2 size=16" "level 2" "nodes 3000" "seed 1")
for ((i = 0; i < 40; i++)); do cmds+=(genmove); done
engine "${cmds[@]}" "save $record40" >/dev/null
timed engine "load $record40" race
echo "race after 40 moves of 16x16 (load, every position judged, whole process): wall ${cost% *} ms, CPU ${cost#* } ms: $(sed -n 's/^= \([0-9]\)/\1/p' "$said" | tail -1)"
rm -f "$record40"
record=$(mktemp)
cmds=("newgame players=2 size=16" "level 1" "nodes 3000" "seed 5")
for ((i = 0; i < 120; i++)); do cmds+=(genmove); done
engine "${cmds[@]}" "save $record" >/dev/null
timed engine "load $record" analyse
lines=$(grep -c '^[= ]*[0-9]* [12] ' "$said")
echo "analyse 16x16, 2 players, $lines moves (whole process): wall ${cost% *} ms, CPU ${cost#* } ms"
rm -f "$record" "$said"
