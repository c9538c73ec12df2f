// The club server's limits on the door's strangers (door.conf, DoorLimits): new players an
// hour, overall and from one address; each player's open seeks, games, and games against the
// computer; and the computer's moves taken in turn across players, so that nobody's games
// wait behind another's. Players who are users of this host are not held to them.
#include "club/server.hpp"

#include <algorithm>

namespace halma::club {

namespace {

constexpr auto kHour = std::chrono::hours(1);

// "in N minutes", rounded up, for a limit that frees at `at`.
std::string frees_in(Clock::time_point at, Clock::time_point now) {
    const auto minutes =
        std::chrono::duration_cast<std::chrono::minutes>(at - now + std::chrono::seconds(59))
            .count();
    return minutes <= 1 ? "in a minute" : "in " + std::to_string(minutes) + " minutes";
}

} // namespace

std::string Server::new_player_limit(const std::string& address, Clock::time_point now) {
    while (!new_players_.empty() && new_players_.front().first + kHour <= now)
        new_players_.pop_front();
    const DoorLimits& l = door_.limits;
    if (static_cast<int>(new_players_.size()) >= l.new_players_per_hour)
        return limit_refusal(kNewPlayersPerHour, l.new_players_per_hour, "an hour",
                             "the next " + frees_in(l.new_players_per_hour
                                                        ? new_players_.front().first + kHour
                                                        : now + kHour,
                                                    now));
    if (address.empty()) return {};
    int from = 0;
    Clock::time_point first = now + kHour;
    for (const auto& [when, a] : new_players_)
        if (a == address && from++ == 0) first = when + kHour;
    if (from >= l.new_players_per_address)
        return limit_refusal(kNewPlayersPerAddress, l.new_players_per_address,
                             "an hour from one address", "the next " + frees_in(first, now));
    return {};
}

Server::Holdings Server::holdings(long long player) const {
    Holdings h;
    for (const auto& [id, t] : tables_) {
        bool sits = false, computer = false;
        for (std::size_t s = 0; s < t.row().seats.size(); ++s) {
            sits = sits || (t.row().seats[s].player == player && !t.out(s));
            computer = computer || t.row().seats[s].ai_level;
        }
        if (!sits || t.game().over()) continue;
        const bool full = std::all_of(t.row().seats.begin(), t.row().seats.end(),
                                      [](const SeatRow& r) { return r.player != 0; });
        (t.playing() || full ? h.games : h.seeks)++;
        h.computer += computer;
    }
    return h;
}

std::string Server::seat_limit(const Peer& p, bool seeking, bool computer) const {
    if (!from_door(p)) return {};
    const DoorLimits& l = door_.limits;
    const Holdings h = holdings(p.player);
    if (computer && h.computer >= l.computer_games_per_player)
        return limit_refusal(kComputerGamesPerPlayer, l.computer_games_per_player, "at once",
                             "frees when one ends");
    if (seeking && h.seeks >= l.seeks_per_player)
        return limit_refusal(kSeeksPerPlayer, l.seeks_per_player, "at once",
                             "frees when one is taken or withdrawn");
    if (h.games >= l.games_per_player)
        return limit_refusal(kGamesPerPlayer, l.games_per_player, "at once", "frees when one ends");
    return {};
}

long long Server::ai_owner(const Table& t) const {
    for (const SeatRow& s : t.row().seats)
        if (s.player && !s.ai_level) return s.player;
    return 0;
}

long long Server::next_ai_game() {
    // The queued game of the player the computer has served least lately, oldest first.
    auto best = ai_.queue.end();
    unsigned long long best_turn = 0;
    for (auto it = ai_.queue.begin(); it != ai_.queue.end(); ++it) {
        const Table* t = table(*it);
        const auto served = ai_.served.find(t ? ai_owner(*t) : 0);
        const unsigned long long turn = served == ai_.served.end() ? 0 : served->second;
        if (best == ai_.queue.end() || turn < best_turn) best = it, best_turn = turn;
    }
    const long long id = *best;
    ai_.queue.erase(best);
    if (const Table* t = table(id)) ai_.served[ai_owner(*t)] = ++ai_.turns;
    if (ai_.served.size() > 2 * ai_.queue.size() + 16) { // forget who no longer waits
        std::map<long long, unsigned long long> kept;
        for (long long q : ai_.queue)
            if (const Table* t = table(q); t && ai_.served.count(ai_owner(*t)))
                kept[ai_owner(*t)] = ai_.served[ai_owner(*t)];
        ai_.served.swap(kept);
    }
    return id;
}

} // namespace halma::club
