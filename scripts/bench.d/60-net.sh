# Network play: the time from a move typed at one terminal to the other terminal's redraw
# (two pseudo-terminals, median over 50 moves); bytes on the socket per move over a whole
# seeded game with one seat joined and a watcher; the host's heap per extra idle watcher.
"$BUILD/tools/netlat" "$HALMA" 50
"$BUILD/tools/netbench" 16 100
"$BUILD/tools/netbench" 8 100
