# The club's door against a thousand strangers, at the wire as the door's account (each a key
# and an address of its own), with door.conf's default limits: who comes in and which limit
# refuses the rest, the games and seeks the limits let each make, the time until the
# computer has moved in every game, and the server's processor time and memory over it all.
# Needs root (the door's connections take uid 65534).
if [ "$(id -u)" != 0 ]; then
    echo "door crowd: skipped (run as root: the door's connections take uid 65534)"
    exit 0
fi
"$BUILD/tools/doorcrowd" "$HALMA" 1000
