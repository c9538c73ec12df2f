# The race meter (halma --engine `race` and `analyse`), its budget fixed in positions so the
# figures never depend on the machine:
# 1. the meter's time per position at each board size, every seat's figure (one `race`,
#    the process's start included): median and p99 over the positions of a game the computer
#    plays itself at level 1 (16x16: 2 and 4 players);
# 2. `analyse` of a 120-move 2-player 16x16 game: the whole process, wall time.
# Wall times: on a machine shared with other work they rise with its load.
engine() { printf '%s\n' "$@" | "$HALMA" --engine; }
boards() { # OPTIONS PLIES: the positions of a game the computer plays itself
    local cmds=("newgame $1" "level 1" "nodes 3000" "seed 3") i
    for ((i = 0; i < $2; i++)); do cmds+=(genmove board); done
    engine "${cmds[@]}" | sed -n 's/^= \(.*\/.*\)/\1/p'
}
now_ms() { echo $(($(date +%s%N) / 1000000)); }
for spec in "size=8 spoil=fill:40" "size=10 spoil=fill:60" "players=2 size=16:100" \
    "players=4 size=16:40"; do
    opts=${spec%:*}
    times=()
    while read -r pos; do
        t0=$(now_ms)
        engine "newgame $opts" "setup $pos" race >/dev/null
        times+=($(($(now_ms) - t0)))
    done < <(boards "$opts" "${spec##*:}" | awk 'NR % 4 == 0')
    sorted=($(printf '%s\n' "${times[@]}" | sort -n))
    n=${#sorted[@]}
    p99=$(((n * 99 + 99) / 100 - 1))
    echo "race meter $opts: median ${sorted[$((n / 2))]} ms, p99 ${sorted[$p99]} ms a position ($n positions)"
done
record=$(mktemp)
cmds=("newgame players=2 size=16" "level 1" "nodes 3000" "seed 5")
for ((i = 0; i < 120; i++)); do cmds+=(genmove); done
engine "${cmds[@]}" "save $record" >/dev/null
t0=$(now_ms)
lines=$(engine "load $record" analyse | grep -c '^[= ]*[0-9]* [12] ')
echo "analyse 16x16, 2 players, $lines moves: $(($(now_ms) - t0)) ms (whole process)"
rm -f "$record"
