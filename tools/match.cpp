// match: self-play between AI levels (or a one-ply greedy player), the engine judging.
//
//   match A B [--games N] [--players P] [--size S] [--movetime MS] [--maxturns N]
//             [--seed S] [--spoil fill|strict|swap] [--longjumps] [--partners opposite|adjacent]
//             [--win first|both] [--verbose] [--trace]
//             [--depth-a N] [--depth-b N] [--weight-a Q] [--weight-b Q]
//
// A and B are levels 1..5 or "greedy". Games alternate seats: in game i player A takes seat
// i mod P and B every other seat. Prints A's and B's wins, draws, the mean number of moves
// the winner made, each one's mean milliseconds per move, and how many of each one's wins
// came from the others dropping out (the evacuation rule) rather than finishing, and each
// one's slowest move (the AI must answer within movetime); --verbose
// says the same per game. --depth-a/-b fix a side's search depth; --weight-a/-b set how much
// it weighs the opponent's progress (quarters; by default each level's own).
#include "halma.hpp"
#include "halma/ai.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace halma;

namespace {

// A player of the match: an AI level, or 0 for the greedy player.
struct Contender {
    int level = 0;
    std::string name;
    double ms = 0;
    double slowest = 0; // the longest one move took, in ms
    long moves = 0;
    int wins = 0;
    int by_dropout = 0; // wins by the others dropping out (the evacuation rule)
};

// Parses "greedy" or a level; exits with a message on anything else.
Contender parse_contender(const char* text) {
    Contender c;
    if (std::strcmp(text, "greedy") == 0) {
        c.name = "greedy";
        return c;
    }
    c.level = std::atoi(text);
    if (c.level < ai::kMinLevel || c.level > ai::kMaxLevel) {
        std::fprintf(stderr, "match: a player is a level 1..5 or greedy, not '%s'\n", text);
        std::exit(2);
    }
    c.name = "L" + std::to_string(c.level);
    return c;
}

// The one-ply greedy player: the move that brings a piece nearest its target corner, the
// rearmost piece on ties, then at random.
Move greedy_move(const Game& g, std::uint64_t& random) {
    MoveList list;
    g.legal_moves(list);
    if (list.empty()) return Move::pass();
    const int owner = g.owner_to_move();
    const int corner = target_corner(g.rules(), owner);
    const int cf = file_of(corner), cr = rank_of(corner);
    auto dist = [&](int sq) {
        return 2 * std::max(std::abs(file_of(sq) - cf), std::abs(rank_of(sq) - cr)) +
               std::abs(file_of(sq) - cf) + std::abs(rank_of(sq) - cr);
    };
    Move best = list[0];
    long best_key = -1000000;
    for (Move m : list) {
        long key = (dist(m.from()) - dist(m.to())) * 10000L + dist(m.from()) * 100L +
                   static_cast<long>(halma::detail::splitmix64(random) % 100);
        if (key > best_key) best_key = key, best = m;
    }
    return best;
}

struct MatchOptions {
    int games = 2, movetime = ai::kDefaultMovetimeMs, maxturns = 200;
    std::uint64_t seed = 1;
    bool verbose = false, trace = false;
    Rules rules;
};

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr,
                     "usage: match A B [--games N] [--players P] [--size S] [--movetime MS]\n"
                     "       [--maxturns N] [--seed S] [--spoil fill|strict|swap] [--longjumps]\n"
                     "       [--partners opposite|adjacent] [--win first|both] [--verbose]\n"
                     "A and B: a level 1..5 or greedy\n");
        return 2;
    }
    Contender c[2] = {parse_contender(argv[1]), parse_contender(argv[2])};
    int depth[2] = {0, 0}, weight[2] = {-1, -1}; // -1: the level's own weight
    MatchOptions o;
    int players = 2, size = 16;
    std::string spoil = "fill", partners = "none", win = "first";
    bool longjumps = false;
    for (int i = 3; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&]() -> const char* {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "match: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--games")
            o.games = std::atoi(value());
        else if (a == "--players")
            players = std::atoi(value());
        else if (a == "--size")
            size = std::atoi(value());
        else if (a == "--movetime")
            o.movetime = std::atoi(value());
        else if (a == "--maxturns")
            o.maxturns = std::atoi(value());
        else if (a == "--seed")
            o.seed = std::strtoull(value(), nullptr, 10);
        else if (a == "--spoil")
            spoil = value();
        else if (a == "--partners")
            partners = value();
        else if (a == "--win")
            win = value();
        else if (a == "--longjumps")
            longjumps = true;
        else if (a == "--depth-a")
            depth[0] = std::atoi(value());
        else if (a == "--depth-b")
            depth[1] = std::atoi(value());
        else if (a == "--weight-a")
            weight[0] = std::atoi(value());
        else if (a == "--weight-b")
            weight[1] = std::atoi(value());
        else if (a == "--verbose")
            o.verbose = true;
        else if (a == "--trace")
            o.verbose = o.trace = true;
        else {
            std::fprintf(stderr, "match: unknown option %s\n", a.c_str());
            return 2;
        }
    }
    Rules r = Rules::for_game(players, size);
    r.spoil = spoil == "strict" ? Spoil::Strict : spoil == "swap" ? Spoil::Swap : Spoil::Fill;
    r.partners = partners == "opposite"   ? Partners::Opposite
                 : partners == "adjacent" ? Partners::Adjacent
                                          : Partners::None;
    r.win = win == "both" ? PartnerWin::Both : PartnerWin::First;
    r.longjumps = longjumps;
    r.maxturns = o.maxturns;
    if (std::string why = r.problem(); !why.empty()) {
        std::fprintf(stderr, "match: %s\n", why.c_str());
        return 2;
    }
    int draws = 0;
    long winner_moves = 0;
    int decided = 0;
    std::uint64_t random = o.seed * 7919;
    ai::Searcher searcher[2];
    for (int game = 0; game < o.games; ++game) {
        Rules gr = r;
        gr.first = 0;
        Game g(gr);
        const int a_seat = game % players;
        auto who = [&](int seat) {
            if (seat == a_seat) return 0;
            if (gr.partners != Partners::None && gr.partner(seat) == a_seat) return 0;
            return 1;
        };
        searcher[0].clear();
        searcher[1].clear();
        while (!g.over()) {
            Contender& me = c[who(g.to_move())];
            auto t0 = std::chrono::steady_clock::now();
            Move m;
            if (me.level == 0) {
                m = greedy_move(g, random);
            } else {
                ai::Limits lim;
                lim.level = me.level;
                lim.movetime_ms = o.movetime;
                lim.seed = o.seed * 1000003 + g.ply() * 31 + game;
                lim.depth = depth[who(g.to_move())];
                if (weight[who(g.to_move())] >= 0) {
                    ai::LevelSettings custom = ai::level_settings(me.level, gr);
                    custom.opponent_weight = weight[who(g.to_move())];
                    searcher[who(g.to_move())].use_settings(custom);
                }
                m = searcher[who(g.to_move())].choose(g, lim);
            }
            double ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                    .count();
            me.ms += ms;
            me.slowest = std::max(me.slowest, ms);
            ++me.moves;
            if (o.trace) {
                const ai::SearchInfo& in = searcher[who(g.to_move())].info();
                std::printf("%3zu %s %-8s depth %d score %d nodes %llu%s %.0f ms\n", g.ply(),
                            me.name.c_str(), move_name(m).c_str(), in.depth, in.score,
                            static_cast<unsigned long long>(in.nodes), in.race ? " race" : "", ms);
                if (g.ply() % 20 == 0) std::printf("%s\n", position_string(g.position()).c_str());
            }
            if (!g.play(m)) {
                std::fprintf(stderr, "match: %s chose an illegal move %s\n", me.name.c_str(),
                             move_name(m).c_str());
                return 1;
            }
        }
        Result res = g.result();
        std::string outcome = "draw";
        if (res.outcome == Outcome::Draw) {
            ++draws;
        } else {
            // The winner's moves: the first of the winners to finish, or (a win by the
            // others dropping out) the most moves any winner made.
            int winner = -1;
            for (int p = 0; p < players; ++p) {
                if (!res.won_by(p)) continue;
                bool better = winner < 0 ||
                              (g.finished(p) &&
                               (!g.finished(winner) || g.moves_made(p) < g.moves_made(winner))) ||
                              (!g.finished(p) && !g.finished(winner) &&
                               g.moves_made(p) > g.moves_made(winner));
                if (better) winner = p;
            }
            if (gr.win == PartnerWin::Both) // the side finished with its last partner
                for (int p = 0; p < players; ++p)
                    if (res.won_by(p) && g.moves_made(p) > g.moves_made(winner)) winner = p;
            ++c[who(winner)].wins;
            winner_moves += g.moves_made(winner);
            ++decided;
            // A winner that has not finished won because the others dropped out: in a
            // 2-player game, at the evacuation deadline with pieces still at home.
            if (!g.finished(winner)) ++c[who(winner)].by_dropout;
            outcome = c[who(winner)].name + " (seat " + std::to_string(winner + 1) + ") in " +
                      std::to_string(g.moves_made(winner)) + " moves" +
                      (g.finished(winner) ? "" : ", the others dropped out");
        }
        if (o.verbose) {
            // How near the others came: each seat's pieces in its target camp at the end.
            std::string home;
            for (int p = 0; p < players; ++p)
                home +=
                    " " + std::to_string((g.camps().target[p] & g.position().pieces(p)).count());
            std::printf("game %d: %s seat %d: %s; pieces home by seat:%s\n", game + 1,
                        c[0].name.c_str(), a_seat + 1, outcome.c_str(), home.c_str());
        }
        std::fflush(stdout);
    }
    std::printf(
        "%s vs %s: %d games, %s wins %d, %s wins %d, draws %d, mean moves to finish "
        "%.1f, ms/move %s %.1f %s %.1f, won by dropouts %s %d %s %d, slowest move %s %.0f %s "
        "%.0f ms\n",
        c[0].name.c_str(), c[1].name.c_str(), o.games, c[0].name.c_str(), c[0].wins,
        c[1].name.c_str(), c[1].wins, draws,
        decided ? static_cast<double>(winner_moves) / decided : 0.0, c[0].name.c_str(),
        c[0].moves ? c[0].ms / c[0].moves : 0.0, c[1].name.c_str(),
        c[1].moves ? c[1].ms / c[1].moves : 0.0, c[0].name.c_str(), c[0].by_dropout,
        c[1].name.c_str(), c[1].by_dropout, c[0].name.c_str(), c[0].slowest, c[1].name.c_str(),
        c[1].slowest);
    return 0;
}
