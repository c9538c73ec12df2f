// Glicko-2 ratings (Glickman's published algorithm): a rating, its deviation (how unsure it
// is) and its volatility (how erratic the player is), updated from the results of one rating
// period against opponents whose ratings are known.
#pragma once

#include <vector>

namespace halma::club {

struct Rating {
    double rating = 1500;     // on the familiar scale
    double deviation = 350;   // RD: a newcomer's is large
    double volatility = 0.06; // sigma
};

// One result of a rating period: the opponent's rating before the period and the score
// (1 a win, 0.5 a draw, 0 a loss).
struct Match {
    Rating opponent;
    double score = 0;
};

// The system constant tau: how much volatility may change in a period. Glickman suggests
// 0.3 to 1.2; the club uses 0.5.
constexpr double kTau = 0.5;
// The largest deviation a rating may have: a newcomer's.
constexpr double kMaxDeviation = 350;

// The rating after a period with these results; with none, only the deviation grows.
[[nodiscard]] Rating rate(const Rating& before, const std::vector<Match>& results,
                          double tau = kTau);

// The deviation after `periods` rating periods without a game (never above kMaxDeviation).
[[nodiscard]] Rating idle(const Rating& before, int periods);

} // namespace halma::club
