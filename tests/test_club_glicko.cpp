// Glicko-2 against the worked example of Glickman's paper, and its behaviour at the edges.
#include "rating/glicko.hpp"

#include <catch2/catch.hpp>

using halma::club::Match;
using halma::club::Rating;

TEST_CASE("glicko-2: the worked example of Glickman's paper", "[club][glicko]") {
    const Rating player{1500, 200, 0.06};
    const std::vector<Match> period = {
        {{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}};
    const Rating after = halma::club::rate(player, period, 0.5);
    CHECK(after.rating == Approx(1464.06).margin(0.01));
    CHECK(after.deviation == Approx(151.52).margin(0.01));
    CHECK(after.volatility == Approx(0.05999).margin(0.00001));
}

TEST_CASE("glicko-2: a period without games only widens the deviation", "[club][glicko]") {
    const Rating player{1500, 200, 0.06};
    const Rating after = halma::club::rate(player, {});
    CHECK(after.rating == 1500);
    // sqrt(phi^2 + sigma^2) on the Glicko-2 scale: 200 grows to about 200.27.
    CHECK(after.deviation == Approx(200.27).margin(0.01));
    CHECK(halma::club::idle(player, 10000).deviation == Approx(350));
}

TEST_CASE("glicko-2: a win raises, a loss lowers, a draw between equals keeps", "[club][glicko]") {
    const Rating a{1500, 350, 0.06}, b{1500, 350, 0.06};
    CHECK(halma::club::rate(a, {{b, 1}}).rating > 1500);
    CHECK(halma::club::rate(a, {{b, 0}}).rating < 1500);
    CHECK(halma::club::rate(a, {{b, 0.5}}).rating == Approx(1500));
    // Beating a much stronger player moves the rating more than beating a weaker one.
    const Rating strong{1900, 60, 0.06}, weak{1100, 60, 0.06};
    CHECK(halma::club::rate(a, {{strong, 1}}).rating > halma::club::rate(a, {{weak, 1}}).rating);
}
