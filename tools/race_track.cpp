// race_track PLAYERS SIZE LEVEL PLIES SEED [NODES] [--plies]: the race meter followed move by
// move through a game the computer plays itself (LEVEL, NODES positions a move, SEED), as the
// panel follows a game: each position's figures worked out with every seat's lines carried on
// from the position before. Prints what a player reading the panel meets: the figures at the
// start and at the end, how far a seat's figure moves when another seat moves (at most 2, and
// never more than 6, is the meter's promise), how much a seat's own move takes off its figure
// (more than 1 means the figure before was too high), how often the meter's best move undoes
// the mover's own last move, and the CPU time of each position's figures (median, p90, most).
// With --plies, every position's figures and CPU time too.
#include "halma.hpp"
#include "think/computer.hpp"
#include "think/race.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

using namespace halma;

namespace {

double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double percentile(std::vector<double> v, int p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, v.size() * static_cast<std::size_t>(p) / 100)];
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 6) {
        std::fprintf(stderr, "usage: race_track PLAYERS SIZE LEVEL PLIES SEED [NODES] [--plies]\n");
        return 2;
    }
    const int players = std::atoi(argv[1]), size = std::atoi(argv[2]), level = std::atoi(argv[3]);
    const int plies = std::atoi(argv[4]);
    const auto seed = static_cast<std::uint64_t>(std::strtoull(argv[5], nullptr, 10));
    const auto nodes = argc > 6 && argv[6][0] != '-' ? std::strtoull(argv[6], nullptr, 10) : 3000;
    const bool each = std::strcmp(argv[argc - 1], "--plies") == 0;
    Game game(Rules::for_game(players, size));

    std::vector<double> cpu;
    int others = 0, others_near = 0, others_most = 0, own = 0, own_one = 0, undone = 0;
    auto figures_of = [](const std::vector<think::SeatRace>& r) {
        std::vector<int> f;
        for (const think::SeatRace& s : r) f.push_back(s.figure);
        return f;
    };
    double t0 = thread_cpu_ms();
    std::vector<think::SeatRace> plans = think::race_plans(game);
    cpu.push_back(thread_cpu_ms() - t0);
    const std::vector<int> start = figures_of(plans);
    Move last_own[8] = {};
    for (int ply = 0; ply < plies && !game.over(); ++ply) {
        ai::Limits lim;
        lim.level = level;
        lim.nodes = nodes;
        lim.seed = seed * 1000 + static_cast<std::uint64_t>(ply);
        const Move m = think::computer_move(game, lim);
        const Seat mover = game.to_move();
        // The meter's best move here undoing the mover's own last move.
        const Move best = plans[static_cast<std::size_t>(mover)].first;
        const Move back = last_own[mover];
        if (!back.is_none() && best == Move(back.to(), back.from())) ++undone;
        t0 = thread_cpu_ms();
        std::vector<think::KnownLines> known;
        for (Seat s = 0; s < players; ++s)
            known.push_back(
                think::carried_lines({plans[static_cast<std::size_t>(s)].line}, game, s, m));
        const std::vector<int> before = figures_of(plans);
        if (!game.play(m)) return 1;
        last_own[mover] = m;
        plans = think::race_plans(game, think::kRaceNodes, nullptr, &known);
        cpu.push_back(thread_cpu_ms() - t0);
        const std::vector<int> after = figures_of(plans);
        for (Seat s = 0; s < players; ++s) {
            const int b = before[static_cast<std::size_t>(s)],
                      a = after[static_cast<std::size_t>(s)];
            if (b < 0 || a < 0) continue;
            if (s == mover) {
                ++own;
                own_one += b - a <= 1;
            } else {
                ++others;
                others_near += std::abs(a - b) <= 2;
                others_most = std::max(others_most, std::abs(a - b));
            }
        }
        if (each) {
            std::printf("%3d %-10s", ply + 1, move_name(m).c_str());
            for (int f : after) std::printf(" %3d", f);
            std::printf("  %.1f ms\n", cpu.back());
        }
    }
    const std::vector<int> end = figures_of(plans);
    std::printf("race_track players=%d size=%d level=%d seed=%llu plies=%zu: figures", players,
                size, level, static_cast<unsigned long long>(seed), game.ply());
    for (std::size_t s = 0; s < start.size(); ++s) std::printf(" %d->%d", start[s], end[s]);
    std::printf("; others' moves %d: within 2 %d%%, most %d; own moves %d: drop at most 1 %d%%;"
                " best undoes the last move %d of %d; CPU ms median %.1f p90 %.1f most %.1f\n",
                others, others ? others_near * 100 / others : 100, others_most, own,
                own ? own_one * 100 / own : 100, undone, own, percentile(cpu, 50),
                percentile(cpu, 90), percentile(cpu, 100));
    if (const char* deep = std::getenv("RACE_TRACK_DEEP")) {
        std::printf("the position alone, %s positions a seat:", deep);
        for (Seat s = 0; s < players; ++s)
            std::printf(" %d", think::race_plan(game, s, std::strtoull(deep, nullptr, 10)).figure);
        std::printf("\n");
    }
    return 0;
}
