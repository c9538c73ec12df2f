# Network play: bytes on the socket per move over a whole seeded game with one seat joined
# from a client and a watcher, and the host's heap per extra idle watcher (100 of them).
"$BUILD/tools/netbench" 16 100
"$BUILD/tools/netbench" 8 100
