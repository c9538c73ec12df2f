# A Swiss of six from `tournament new` to its final standings, on 8x8 at live:5: two people
# (this user and user 65534, each through a real client in a terminal of its own) and four
# computer members. Round 1's pairing is counted by hand; each person, taken to each round's
# board, makes a first move the engine finds legal and then resigns, except that in a game
# of the two people the second resigns to the first once both have moved. Then: no pair met
# twice; each player's points, Buchholz and Sonneborn-Berger and the order of the standings
# as counted here from the three rounds' pairings; each game's record names the tournament
# and its round, its players and its result as the pairings give them; each person's rating
# goes from game to game as the boxes say, from a newcomer's 1500 to the club's list.
. "$(dirname "$0")/club_lib.bash"
T=evening

start me --club
wait_on me "HALMA CLUB  $ME at your own club"
start_other them --club
wait_on them "HALMA CLUB  $other"
command_to me "tournament new $T system=swiss rounds=3 size=8 pace=live:5 rated=yes"
wait_on me "players join it with: tournament join $T"
keys_to me Escape
wait_on me "Open seeks"
command_to me "tournament join $T"
wait_on me "$ME joined $T (1 player)"
command_to them "tournament join $T"
wait_on them "$other joined $T (2 players)"
field=2
for level in 2 1 2 1; do
    field=$((field + 1))
    command_to me "tournament join $T ai:$level"
    wait_on me "ai:$level joined $T ($field players)"
done
# The ratings the event starts with (a newcomer has none yet: 1500), in the joining order.
ratings=$(club ratings)
rating_at_start() {
    local r
    r=$(echo "$ratings" | awk -v n="${1%#*}" '$1 == "2p-small" && $2 == n { print $3 }')
    echo "${r:-1500}"
}
entrants="$ME $other ai:2 ai:1 ai:2#2 ai:1#2"

# Round 1 by hand: everyone on 0, ordered by rating, then the order they joined: $ME, $other
# (1500), ai:2, ai:2#2 (1250), ai:1, ai:1#2 (1000). The top half meets the bottom half; the
# better placed moves first on boards 1 and 3, the other on board 2.
command_to me "tournament start $T"
wait_on me "first move 0:"
names_of_round() { club tournament pairings $T "$1" | awk 'NR > 1 && $1 ~ /^[0-9]+$/ { print $2, $3 }'; }
[ "$(names_of_round 1)" = "$(printf '%s\n' "$ME ai:2#2" "ai:1 $other" "ai:2 ai:1#2")" ] ||
    fail "round 1 is not as counted by hand: $(names_of_round 1)"

# Where a person sits in round R: "BOARD SEAT OPPONENT".
place_of() {
    club tournament pairings $T "$2" | awk -v n="$1" '
        NR > 1 && $2 == n { print $1, 1, $3 }
        NR > 1 && $3 == n { print $1, 2, $2 }'
}
# A legal move in a club game as it stands, as the engine finds it from the game's record.
legal_move() {
    club record "$1" >"$TMP/now.halma" || fail "no record of game $1: $(cat "$TMP/now.halma")"
    printf 'load %s\nlegal\n' "$TMP/now.halma" | "$HALMA" --engine | sed -n 's/^= \(.\)/\1/p' | head -1
}
# The rating change a person's box shows for them: "BEFORE AFTER".
rating_change() { screen_of "$1" | grep -F " $2 " | grep -o '[0-9]* → [0-9]*' | sed 's/ → / /'; }

declare -A person_name=([me]=$ME [them]=$other) changes=([me]= [them]=)
for round in 1 2 3; do
    declare -A board seat game_of opponent
    for p in me them; do
        # Taken to the board (from the lobby, or from the last round's box on q), where the
        # panel counts down the time for the first move.
        wait_on $p "first move 0:"
        read -r board[$p] seat[$p] opponent[$p] <<<"$(place_of "${person_name[$p]}" $round)"
        [ -n "${board[$p]}" ] || fail "${person_name[$p]} is not paired in round $round"
        # Three games a round, numbered in the order paired: round 1's are games 1 to 3.
        game_of[$p]=$(((round - 1) * 3 + board[$p]))
    done
    # A game of the two people: the one who moves first plays first.
    order="me them"
    [ "${opponent[me]}" = "$other" ] && [ "${seat[me]}" = 2 ] && order="them me"
    for p in $order; do
        wait_on $p "Your turn"
        move=$(legal_move "${game_of[$p]}")
        [ -n "$move" ] || fail "no legal move in game ${game_of[$p]}"
        command_to $p "$move" # what follows on the same connection is heard after it
    done
    for p in me them; do
        [ "${opponent[$p]}" = "$other" ] && continue # them resigns to me
        command_to $p "resign"
        wait_on $p "Resign this game? (y/n)"
        keys_to $p y
    done
    for p in me them; do
        wait_on $p "resigned: "
        wait_on $p " → "
        change=$(rating_change $p "${person_name[$p]}")
        [ -n "$change" ] || fail "no rating change for ${person_name[$p]} in round $round"
        changes[$p]="${changes[$p]} $change"
        keys_to $p q
    done
done
for ((i = 0; i < WAIT_STEPS; i++)); do
    standings=$(club tournament standings $T)
    [ "${standings%%$'\n'*}" = "$T: Swiss of 3 rounds, 6 players, finished" ] && break
    sleep 0.05
done
[ "${standings%%$'\n'*}" = "$T: Swiss of 3 rounds, 6 players, finished" ] ||
    fail "the tournament did not finish: $standings"

# No pair met twice.
for round in 1 2 3; do names_of_round $round; done | awk '{ print ($1 < $2 ? $1 " " $2 : $2 " " $1) }' |
    sort | uniq -d | grep . && fail "a rematch"

# The hand count: from the three rounds' pairings (names and results), each player's points,
# Buchholz (the points of those met) and Sonneborn-Berger (of those beaten, half of those
# drawn); the order by points, then the tie-breaks, then the rating at the start, then the
# order they joined. The standings must say the same, line by line.
for round in 1 2 3; do club tournament pairings $T $round | awk 'NR > 1 && $1 ~ /^[0-9]+$/'; done >"$TMP/results"
join_order=0
for e in $entrants; do
    echo "entrant $e $(rating_at_start "$e") $join_order"
    join_order=$((join_order + 1))
done >"$TMP/entrants"
counted=$(awk '
    $1 == "entrant" { rating[$2] = $3; joined[$2] = $4; next }
    {
        a = $2; b = $3
        if ($4 == "1-0") { wa = 1; wb = 0 } else if ($4 == "0-1") { wa = 0; wb = 1 }
        else if ($4 == "1/2") { wa = wb = 0.5 } else { print "unfinished game: " $0; exit 1 }
        n++; pa[n] = a; pb[n] = b; ra[n] = wa; rb[n] = wb
        pts[a] += wa; pts[b] += wb
    }
    END {
        for (i = 1; i <= n; i++) {
            bh[pa[i]] += pts[pb[i]]; bh[pb[i]] += pts[pa[i]]
            sb[pa[i]] += ra[i] * pts[pb[i]]; sb[pb[i]] += rb[i] * pts[pa[i]]
        }
        for (e in rating)
            printf "%s %g %g %g %d %d\n", e, pts[e], bh[e], sb[e], rating[e], joined[e]
    }' "$TMP/entrants" "$TMP/results" | sort -k2,2gr -k3,3gr -k4,4gr -k5,5nr -k6,6n |
    awk '{ print NR, $1, $2, $3, $4 }')
shown=$(echo "$standings" | awk 'NR > 2 { print $1, $2, $3, $4, $5 }')
[ "$counted" = "$shown" ] || fail "the standings are not as counted by hand:
$shown
counted:
$counted"

# Each game's record: the tournament and round, the players (the computer under the club's
# name for its level) and the result as the pairings give them.
game=0
while read -r board first second result; do
    game=$((game + 1))
    club record $game >"$TMP/game.halma" || fail "no record of game $game"
    grep -qx "tournament: $T round $(((game - 1) / 3 + 1))" "$TMP/game.halma" ||
        fail "game $game's record does not name its round: $(cat "$TMP/game.halma")"
    grep -qx "player1: ${first%#*}" "$TMP/game.halma" && grep -qx "player2: ${second%#*}" "$TMP/game.halma" ||
        fail "game $game's record does not seat $first and $second: $(cat "$TMP/game.halma")"
    case $result in 1-0) want="winner 1" ;; 0-1) want="winner 2" ;; *) want=draw ;; esac
    said=$(printf 'load %s\nresult\n' "$TMP/game.halma" | "$HALMA" --engine | sed -n 's/^= //p' | tail -1)
    # A person's game: the people's first moves (the computer's too when it moved first), then
    # a resignation.
    people_moved=0
    [ "$first" = "$ME" ] || [ "$first" = "$other" ] && people_moved=1
    [ "$second" = "$ME" ] || [ "$second" = "$other" ] && people_moved=2
    if [ $people_moved = 0 ]; then
        [ "${said%% by *}" = "$want" ] || fail "game $game's record says $said, the pairings $result"
    else
        [ "$said" = "$want by resign" ] || fail "game $game's record says $said, the pairings $result"
        [ "$(awk '$1 == "1." { print NF - 1 }' "$TMP/game.halma")" -ge $people_moved ] ||
            fail "game $game's record lacks a person's first move: $(cat "$TMP/game.halma")"
    fi
done <"$TMP/results"
[ $game = 9 ] || fail "$game games in three rounds of six"

# Each person's rating, game by game as their boxes said, from 1500 to the club's list.
for p in me them; do
    set -- ${changes[$p]}
    [ $# = 6 ] || fail "three rating changes for ${person_name[$p]}: ${changes[$p]}"
    [ "$1" = 1500 ] && [ "$3" = "$2" ] && [ "$5" = "$4" ] ||
        fail "${person_name[$p]}'s ratings do not follow from game to game: ${changes[$p]}"
    [ "$(club ratings | awk -v n="${person_name[$p]}" '$1 == "2p-small" && $2 == n { print $3 }')" = "$6" ] ||
        fail "the club's list does not give ${person_name[$p]} $6: $(club ratings)"
done
# The lobby draws the same standings.
wait_on me "Open seeks"
command_to me "tournament standings $T"
wait_on me "$T: Swiss of 3 rounds, 6 players, finished"
while IFS= read -r line; do
    screen_of me | grep -qF -- "$line" || fail "the lobby's standings lack: $line"
done <<<"$standings"
kill "$(server_pid)"
echo "club tourney swiss ok"
