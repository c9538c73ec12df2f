# Tournaments: pairing a round of 1,000 players, a Swiss of two (round 6) and of tables of
# four (round 4), median of 7 runs each (target: at most 100 ms).
"$BUILD/tools/tourneybench" 1000 7
