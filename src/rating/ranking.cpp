#include "rating/ranking.hpp"

#include <algorithm>

namespace halma::club {

namespace {

// Ranks from scores (higher is better): equal scores share a rank, counted densely.
std::vector<int> ranks_of(const std::vector<int>& score) {
    std::vector<int> distinct = score;
    std::sort(distinct.begin(), distinct.end(), std::greater<int>());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    std::vector<int> ranks;
    for (int s : score)
        ranks.push_back(
            static_cast<int>(std::find(distinct.begin(), distinct.end(), s) - distinct.begin()));
    return ranks;
}

} // namespace

std::vector<int> finishing_ranks(const Game& game, const std::vector<bool>& out, int conceded) {
    const int n = game.players();
    const Rules& rules = game.rules();
    // A score per seat, higher better: 3000 for a winner, the pieces in the target camp for
    // the rest, 1000 less for a player the evacuation rule put out, -2000 for one who left.
    std::vector<int> score(n, 0);
    const Result r = game.result();
    for (int p = 0; p < n; ++p) {
        if (conceded >= 0) {
            score[p] = (game.side_mask(conceded) >> p & 1) ? 0 : 1;
            continue;
        }
        if (out[p]) {
            score[p] = -2000;
        } else if (r.outcome == Outcome::Won && r.won_by(p)) {
            score[p] = 3000;
        } else if (r.outcome == Outcome::Draw) {
            score[p] = 0;
        } else if (rules.partners != Partners::None) {
            score[p] = 0; // a losing side ties within itself
        } else {
            score[p] = (game.position().pieces(p) & game.camps().target[p]).count() -
                       (game.dropped(p) ? 1000 : 0);
        }
    }
    if (conceded < 0 && !r.over()) { // everyone else went out: the last one standing wins
        for (int p = 0; p < n; ++p)
            if (!out[p]) score[p] = 3000;
    }
    return ranks_of(score);
}

std::string order_text(const std::vector<int>& ranks) {
    std::vector<int> seats(ranks.size());
    for (std::size_t i = 0; i < seats.size(); ++i) seats[i] = static_cast<int>(i);
    std::stable_sort(seats.begin(), seats.end(), [&](int a, int b) { return ranks[a] < ranks[b]; });
    std::string out;
    for (std::size_t i = 0; i < seats.size(); ++i) {
        if (i) out += ranks[seats[i]] == ranks[seats[i - 1]] ? '=' : '>';
        out += std::to_string(seats[i] + 1);
    }
    return out;
}

std::vector<int> ranks_of_order(const std::string& order, int seats) {
    std::vector<int> ranks(static_cast<std::size_t>(seats), -1);
    int rank = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const char c = order[i];
        if (i % 2) {
            if (c == '>')
                ++rank;
            else if (c != '=')
                return {};
            continue;
        }
        const int s = c - '1';
        if (s < 0 || s >= seats || ranks[s] >= 0) return {};
        ranks[s] = rank;
    }
    if (std::count(ranks.begin(), ranks.end(), -1)) return {};
    return ranks;
}

void conclude_as(Game& game, const std::string& order, const std::string& how, int conceded) {
    using R = Ending::Rule;
    // The club's "how" words are the protocol's reasons (game_text.hpp): resign, time, ...
    const R rule = off_board_rule(reason_named(how));
    if (game.over() || rule == R::None) return;
    const std::vector<int> ranks = ranks_of_order(order, game.players());
    Result result{Outcome::Draw, 0};
    if (rule != R::Aborted && !ranks.empty() &&
        std::count(ranks.begin(), ranks.end(), 0) < game.players()) {
        result.outcome = Outcome::Won;
        for (int p = 0; p < game.players(); ++p)
            if (ranks[p] == 0) result.winners |= game.side_mask(p);
    }
    if (conceded < 0 && !ranks.empty())
        conceded = static_cast<int>(std::max_element(ranks.begin(), ranks.end()) - ranks.begin());
    game.conclude(result, rule, conceded);
}

std::vector<Rating> rate_game(const Rules& rules, const std::vector<int>& ranks,
                              const std::vector<long long>& players,
                              const std::vector<Rating>& before) {
    const int n = static_cast<int>(ranks.size());
    std::vector<Rating> after(before);
    for (int i = 0; i < n; ++i) {
        if (std::find(players.begin(), players.begin() + i, players[i]) != players.begin() + i)
            continue; // this player's seats were rated together at the first of them
        std::vector<Match> results;
        for (int k = i; k < n; ++k) {
            if (players[k] != players[i]) continue;
            for (int j = 0; j < n; ++j) {
                if (players[j] == players[i] || rules.same_side(k, j)) continue;
                const double score = ranks[k] < ranks[j] ? 1 : ranks[k] > ranks[j] ? 0 : 0.5;
                results.push_back({before[j], score});
            }
        }
        if (results.empty()) continue;
        const Rating r = rate(before[i], results);
        for (int k = i; k < n; ++k)
            if (players[k] == players[i]) after[k] = r;
    }
    return after;
}

} // namespace halma::club
