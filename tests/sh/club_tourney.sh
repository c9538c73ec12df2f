# A tournament from the club's lobby: ':tournament' words create it, enter computer members,
# start it (the player taken to round 1's board, where :abort is refused) and show its
# pairings and standings, an answer of one line on the status line, of more on a page (lines
# of at most 80 columns); bad words are answered with the reason on the status line; the
# shell's verbs see the same tournament. Another player's lobby shows the round's top table,
# and w watches it.
. "$(dirname "$0")/club_lib.bash"

start me --club
wait_on me "HALMA CLUB  $ME at your own club"
start_other them --club
wait_on them "HALMA CLUB  $other"
screen_of them | grep -qF "w top table" && fail "w in the key bar with no tournament under way"
key_says them w "no tournament's round is under way"
command_to me "tournament new evening system=swiss rounds=2 size=8"
wait_on me "players join it with: tournament join evening"
keys_to me Escape
wait_on me "Open seeks"
command_to me "tournament new evening system=robin"
wait_on me "a tournament named evening exists already"
command_to me "tournament join evening"
wait_on me "$ME joined evening (1 player)"
for level in 1 2 3; do
    command_to me "tournament join evening ai:$level"
    wait_on me "ai:$level joined evening"
done
# Four by rating: me (a newcomer's 1500, joined before ai:3's 1500), ai:3, ai:2 1250, ai:1
# 1000: top half against bottom half, me-ai:2 and ai:1-ai:3 (the lower first on board 2).
# Round 1's games begin at once: me, in the lobby, is taken to its board, where a first move
# not made loses the game; back in the lobby, the round's pairings.
command_to me "tournament start evening"
wait_on me "your turn (player 1); no first move in time loses the game"
# A tournament's game is not called off: the club says so, without a question first.
command_to me "abort"
wait_on me "a tournament's game is not called off: :resign ends it for you"
screen_of me | grep -qF "(y/n)" && fail "an abort that cannot be is asked about"
# Another player's lobby shows round 1's top table (game 1, me against ai:2), and w watches it.
wait_on them "Live games  w: the top table of evening round 1 (1)"
wait_on them "w top table"
keys_to them w
wait_on them "HALMA  8x8"
wait_on them "watching"
keys_to them q
wait_on them "HALMA CLUB"
keys_to me q
wait_on me "your move" # the lobby's list of games
# Asked at once, while the club's welcome back may still be on the way: done when it comes.
command_to me "tournament pairings evening"
wait_on me "2   ai:1             ai:3"
keys_to me Escape
wait_on me "Open seeks"
command_to me "tournament standings evening"
wait_on me "Pl  Name               Pts     Bh     SB R1"
screen_of me | grep -q "^evening: Swiss of 2 rounds, 4 players, round 1 of 2" ||
    fail "the standings' page has no title"
screen_of me | awk 'length > 80 { bad = 1 } END { exit bad }' || fail "a line wider than 80 columns"
[ "$(club tournament list)" = "evening: Swiss of 2 rounds, 4 players, round 1 of 2 under way (by $ME)" ] ||
    fail "the shell does not list the lobby's tournament: $(club tournament list)"
echo "club tourney ok"
