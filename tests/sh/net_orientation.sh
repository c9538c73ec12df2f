# A joining player 2 sees the board turned half round, their own pieces on the screen's
# bottom rows, while the host keeps player 1's side at the bottom; squares keep their names:
# a move typed by either lands on the squares it names, drawn where each view puts them.
. "$(dirname "$0")/net_lib.bash"
start host --host den --seats human,remote --first 1 --seed 1 --ascii
wait_on host "join: halma --join $ME/den"
start joiner --join den --ascii
wait_on joiner "Joined den as player 2"
wait_on host "$ME joined as player 2"

# Rows and columns of squares, 0 the top and the left: each side's 19 pieces in the 5x5
# corner at the bottom left of its own screen, the other side's at the top right.
rows_of() { screen_of "$1" | board_rows; }
[ "$(rows_of joiner | glyphs_in O 11 15 0 4)" = 19 ] || fail "player 2's pieces are not at the bottom"
[ "$(rows_of joiner | glyphs_in @ 0 4 11 15)" = 19 ] || fail "player 1's pieces are not at the top"
[ "$(rows_of host | glyphs_in @ 11 15 0 4)" = 19 ] || fail "the host's view turned"
screen_of joiner | sed -n 17p | grep -q '^ 16 ' || fail "the joiner's bottom row is not rank 16"
screen_of joiner | sed -n 18p | grep -q '^     p o n m' || fail "the joiner's files do not run p to a"
wait_on joiner "to the top right camp (a1)"

# The host plays d3-e4: e4 (file 4, rank 3) is row 12, column 4 to the host and, half round,
# row 3, column 11 to the joiner.
keys_to host ':d3-e4' Enter
wait_on joiner "1. d3-e4"
wait_on host "1. d3-e4"
[ "$(rows_of host | sed -n 13p | cut -c5)" = @ ] || fail "the host does not see e4 at row 12, column 4"
[ "$(rows_of joiner | sed -n 4p | cut -c12)" = @ ] || fail "the joiner does not see e4 at row 3, column 11"
# The joiner types m14-l13: the piece on m14 goes to l13, whatever the joiner's view.
keys_to joiner ':m14-l13' Enter
wait_on host "1. m14-l13"
wait_on joiner "1. m14-l13"
[ "$(rows_of joiner | sed -n 13p | cut -c5)" = O ] || fail "the joiner does not see l13 at row 12, column 4"
[ "$(rows_of host | sed -n 4p | cut -c12)" = O ] || fail "the host does not see l13 at row 3, column 11"
keys_to host ":save $TMP/turned.halma" Enter
wait_on host "saved to $TMP/turned.halma"
b=$(record_board "$TMP/turned.halma")
[ "$(piece_at "$b" e4)$(piece_at "$b" l13)$(piece_at "$b" m14)" = "12." ] ||
    fail "the record does not hold the moves as named: $b"

# A watcher sees player 1's side until it turns the board.
start watcher --watch den --ascii
wait_on watcher "Watching den"
[ "$(rows_of watcher | glyphs_in @ 11 15 0 4)" = 19 ] || fail "the watcher does not see player 1's side"
keys_to watcher f
wait_on watcher "board turned"
[ "$(rows_of watcher | glyphs_in O 11 15 0 4)" = 19 ] || fail "f did not turn the watcher's board"
keys_to watcher q
[ "$(wait_rc watcher)" = 0 ] || fail "the watcher did not exit 0"

keys_to host q
wait_on host "(y/n)"
keys_to host y
[ "$(wait_rc host)" = 0 ] || fail "the host did not exit 0"
[ "$(wait_rc joiner)" = 0 ] || fail "the joiner did not exit 0"
echo "net orientation ok"
