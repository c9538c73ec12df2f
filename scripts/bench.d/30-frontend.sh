# The terminal front end on a pseudo-terminal at 80x24 with TERM=xterm-256color: time until
# the board is on screen (median of 7 starts) and bytes written per cursor key (median), in
# player 1's view and turned half and a quarter round (a turned view should cost nothing more).
"$BUILD/tools/ptybench" "$HALMA" 7
