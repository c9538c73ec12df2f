# Perft through the whole `halma --engine` process, from the 2-player 16x16 start:
# median wall time of 7 runs for perft 4 (target: at most 0.25 s), and leaf moves per
# second for perft 4 and 5.
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
run_perft() { # depth -> seconds for the whole process
    local s e
    s=$(date +%s%N)
    printf 'perft %s\nquit\n' "$1" | "$HALMA" --engine >/dev/null
    e=$(date +%s%N)
    awk -v a="$s" -v b="$e" 'BEGIN {printf "%.4f\n", (b - a) / 1e9}'
}
t4=$(for i in 1 2 3 4 5 6 7; do run_perft 4; done | median)
t5=$(for i in 1 2 3; do run_perft 5; done | median)
n5=$(printf 'perft 5\nquit\n' | "$HALMA" --engine | sed -n 's/^= //p' | head -1)
awk -v t4="$t4" -v t5="$t5" -v n5="$n5" 'BEGIN {
    printf "perft 4 (4562496 leaves), whole process: median %.3f s (target <= 0.25 s), %.1f M leaves/s\n", t4, 4562496 / t4 / 1e6
    printf "perft 5 (%d leaves), whole process: median %.2f s, %.1f M leaves/s\n", n5, t5, n5 / t5 / 1e6 }'
