# The race meter (halma --engine `race` and `analyse`), its budget fixed in positions so the
# figures never depend on the machine:
# 1. the meter's time per position at each board size, every seat's figure (one `race`,
#    the process's start included): median and p99 over the positions of a game the computer
#    plays itself at level 1 (16x16: 2 and 4 players);
# 2. `analyse` of a 120-move 2-player 16x16 game: the whole process, wall time.
# Wall and CPU times: on a machine shared with other work the wall times rise with its load.
engine() { printf '%s\n' "$@" | "$HALMA" --engine; }
boards() { # OPTIONS PLIES: the positions of a game the computer plays itself
    local cmds=("newgame $1" "level 1" "nodes 3000" "seed 3") i
    for ((i = 0; i < $2; i++)); do cmds+=(genmove board); done
    engine "${cmds[@]}" | sed -n 's/^= \(.*\/.*\)/\1/p'
}
said=$(mktemp)
# Runs a command, its output kept in $said; cost gets "WALL CPU", each in ms (CPU: user and
# system).
timed() {
    local TIMEFORMAT='%R %U %S' t
    t=$({ time "$@" >"$said" 2>/dev/null; } 2>&1)
    cost=$(awk '{ printf "%d %d", $1 * 1000, ($2 + $3) * 1000 }' <<<"$t")
}
# The median and p99 of numbers, one a line.
spread() {
    sort -n | awk '{ v[NR] = $1 } END { p = int((NR * 99 + 99) / 100); printf "median %d ms, p99 %d ms", v[int(NR / 2) + 1], v[p] }'
}
for spec in "size=8 spoil=fill:40" "size=10 spoil=fill:60" "players=2 size=16:100" \
    "players=4 size=16:40"; do
    opts=${spec%:*}
    walls=() cpus=()
    while read -r pos; do
        timed engine "newgame $opts" "setup $pos" race
        walls+=("${cost% *}") cpus+=("${cost#* }")
    done < <(boards "$opts" "${spec##*:}" | awk 'NR % 4 == 0')
    echo "race meter $opts, ${#walls[@]} positions: wall $(printf '%s\n' "${walls[@]}" | spread);" \
        "CPU $(printf '%s\n' "${cpus[@]}" | spread)"
done
record=$(mktemp)
cmds=("newgame players=2 size=16" "level 1" "nodes 3000" "seed 5")
for ((i = 0; i < 120; i++)); do cmds+=(genmove); done
engine "${cmds[@]}" "save $record" >/dev/null
timed engine "load $record" analyse
lines=$(grep -c '^[= ]*[0-9]* [12] ' "$said")
echo "analyse 16x16, 2 players, $lines moves (whole process): wall ${cost% *} ms, CPU ${cost#* } ms"
rm -f "$record" "$said"
