# The club: with 500 clients at the wire (200 players, each a user of its own, and 300
# watchers) and 100 live games, the time from a move to every client of its game having it
# (median and p99), two figures: one move at a time (each committed on its own) and all 100
# games moving at once (the moves that reach the server in one turn of its loop committed
# together, with one sync); the server's memory per idle client; and the database's size per
# 1000 archived games. The burst is run twice more (a fresh club each time): its p99 in each
# of three runs. Needs root (the players' users).
if [ "$(id -u)" != 0 ]; then
    echo "club: skipped (run as root: the simulated players take user ids of their own)"
    exit 0
fi
"$BUILD/tools/clubbench" "$HALMA" 500 100
for run in 2 3; do
    "$BUILD/tools/clubbench" "$HALMA" 500 100 1 again | grep "games at once" |
        sed "s/^club: /club, run $run: /"
done
