# Network play: the time from a move typed at one terminal to the other terminal's redraw
# (two pseudo-terminals, median over 50 moves); bytes on the socket per move over a whole
# seeded game with one seat joined and a watcher; the host's heap per extra idle watcher.
# Then what another user of the machine can do to a hosted game (as root only): the host's
# memory under 31 uninvited record senders, the host's own user joining while the other
# user holds every connection it can, and --games with ten stuck sockets.
"$BUILD/tools/netlat" "$HALMA" 50
"$BUILD/tools/netbench" 16 100
"$BUILD/tools/netbench" 8 100
"$BUILD/tools/netneighbours" "$HALMA" records
"$BUILD/tools/netneighbours" "$HALMA" crowd 5
"$BUILD/tools/netneighbours" "$HALMA" stuck 5
