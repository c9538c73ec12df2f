// tourneybench: the time to pair a tournament's round of 1,000 players (tourney/pairing.hpp),
// for a Swiss of two (round 6, after five rounds of results) and of tables of four (round
// 4). The field's ratings and results come from a fixed seed: every run pairs the same
// rounds. Prints the median of several runs of each.
#include "tourney/pairing.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace halma::tourney;

namespace {

unsigned long long seed = 20261207;
int next_random(int bound) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((seed >> 33) % static_cast<unsigned long long>(bound));
}

// The field, with rounds paired and ended until `rounds` are played: the better rated wins
// three times in four, a tenth of games of two are drawn.
Event played_event(const std::string& words, int players, int rounds) {
    Event e;
    e.name = "bench";
    if (std::string why = parse_description(words, e.description); !why.empty()) {
        std::fprintf(stderr, "tourneybench: %s\n", why.c_str());
        std::exit(1);
    }
    for (int i = 0; i < players; ++i)
        e.entrants.push_back(Entrant{"p" + std::to_string(i), 1000.0 + next_random(1200), false});
    for (int r = 0; r < rounds; ++r) {
        e.rounds.push_back(pair_next_round(e));
        for (Board& b : e.rounds.back().boards) {
            std::vector<int> strength;
            for (int who : b.seats)
                strength.push_back(
                    (who == kComputer ? 1500 : static_cast<int>(e.entrants[who].rating)) +
                    next_random(600));
            b.ranks.clear();
            for (int s : strength)
                b.ranks.push_back(static_cast<int>(
                    std::count_if(strength.begin(), strength.end(), [&](int o) { return o > s; })));
            if (b.seats.size() == 2 && next_random(10) == 0) b.ranks = {0, 0};
        }
    }
    return e;
}

double median_ms(const Event& e, int runs, std::size_t& boards) {
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const Round r = pair_next_round(e);
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
        boards = r.boards.size();
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    const int players = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 7;
    std::size_t boards = 0;
    const Event swiss = played_event("system=swiss rounds=9 size=8", players, 5);
    const double two = median_ms(swiss, runs, boards);
    std::printf(
        "tournament pairing, Swiss of two, %d players, round 6 (%zu boards): median %.1f ms "
        "of %d runs (target <= 100 ms)\n",
        players, boards, two, runs);
    const Event tables = played_event("system=swiss rounds=9 players=4", players, 3);
    const double four = median_ms(tables, runs, boards);
    std::printf("tournament pairing, Swiss of tables of four, %d players, round 4 (%zu tables): "
                "median %.1f ms of %d runs (target <= 100 ms)\n",
                players, boards, four, runs);
    return 0;
}
