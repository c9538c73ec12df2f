// What each level of the AI is: how long and how deep it searches, and how its evaluation
// weighs a position, for every table it may sit at. The search (ai/search.hpp) and the
// evaluation (ai/eval.hpp) take these settings as given; tuning a level happens here.
#pragma once

#include "halma/ai/limits.hpp"
#include "halma/rules.hpp"

#include <cstdint>

namespace halma::ai {

constexpr int kDeepest = 60; // "as deep as time allows": beyond any depth a move's time reaches
// The most a level that plans at a full table thinks, whatever movetime: a longer plan home
// leans harder on the others standing still, and plays worse against them.
constexpr int kFullTableMs = 320;
// Level 4's deepest search in a 2-player game on the 8x8 board. There levels 4 and 5 search
// and judge alike, and three times the time buys level 5 only one layer more, too little to
// set them apart: four layers (its move, the reply, twice over) keep level 5 a clear step
// above level 4, and level 4 still a step above level 3's three.
constexpr int kLevel4DepthOn8x8 = 4;

// Level 1's way of choosing: one or two of its own moves ahead, its own pieces only, at
// random among the forward moves nearly as good as its best, now and then any forward move
// not far worse.
struct BeginnerRules {
    int moves_ahead = 1;     // its own moves it looks ahead: 1 or 2
    int near_best = 10;      // a forward move this many units short of the best is a choice
    int wander_percent = 15; // how often (in %) any forward move not far worse is one too
    int wander_slack = 40;   // "not far worse": at most this many units short of the best
};

// Level 1's way on a board of this size. On the small boards a last piece that cannot step
// straight into its camp waits for a camp piece to make room, which one move ahead never sees
// (two level 1 players shuffled to the move limit on 10x10): it looks two moves ahead there.
// Two moves ahead without the chance it would race home nearly as fast as the plans do (21
// moves a player on 8x8); less chance than on 16x16 keeps it gentle and home in some 27
// moves on 8x8 and 45 on 10x10.
[[nodiscard]] constexpr BeginnerRules beginner_rules(int size) noexcept {
    return size == 16 ? BeginnerRules{} : BeginnerRules{2, 4, 5, 12};
}

// When a level plans its whole way home (ai/race.hpp) and plays the plan's first move
// instead of searching: never; in a 2-player game while the sides are apart; or at any
// table whenever no opponent threatens to win next move.
enum class Plans { Never, Apart, Always };

// A level's settings at a table.
struct LevelSettings {
    bool beginner = false;      // level 1: BeginnerRules instead of a search
    int depth = kDeepest;       // the deepest iteration of the search
    std::uint64_t nodes = 0;    // the node budget (0: none); a budget makes a seed repeat a game
    int time_divisor = 1;       // it thinks movetime / time_divisor at most
    int most_ms = 0;            // ... and most_ms / time_divisor (0: no such cap)
    bool finish_only = false;   // starts no iteration past 60% of its time (it would not finish)
    int root_noise = 3;         // seeded variety: 0..root_noise-1 units added to each root move
    int opponent_weight = 4;    // quarters of the best opponent's progress against its own
    int exit_urge = 0;          // Tables::exit_urge: the last pieces at home are urged out
    int outside_cost = 0;       // Tables::outside_cost: each piece out of the camp costs a move
    int partner_block = 0;      // Tables::partner_block: a partner's piece in the camp
    int trailer_share = 4;      // Tables::trailer_share: the trailing partner under win=first
    int idle_at_home = 0;       // what a root move inside the home camp that brings no piece
                                // nearer the target costs (0: nothing)
    Plans plans = Plans::Never; // when it plans every move home instead of searching
    bool best_crossing = true;  // a plan starts from the rest of the catalogue's best crossing
                                // while its pieces stand on that line (solo/crossing.hpp)
    bool turn_order = false;    // partners: each layer of the search is the seat whose turn
                                // it is (the game of two sides searched exactly), not a
                                // Best-Reply layer of a whole side
};

// Whether the searching levels follow the turns (LevelSettings::turn_order). With partners
// adjacent a side moves twice running, which Best-Reply Search's alternating layers do not
// see: the partner moving next may win at once, or stop a threat before an opponent moves.
// Under win=first a race of single players decides, and which seat moves when is the whole
// game; with partners opposite the partner moves before one of the opponents can. Each layer
// then holds one seat's moves instead of a side's, so the search goes as deep for half the
// work. Under win=both with partners opposite the sides alternate as Best-Reply layers do,
// and those layers let whichever partner gains most move for the side.
[[nodiscard]] constexpr bool turns_matter(const Rules& rules) noexcept {
    return rules.partners == Partners::Adjacent ||
           (rules.partners == Partners::Opposite && rules.win == PartnerWin::First);
}

// The settings of a level (clamped to kMinLevel..kMaxLevel) for a game of these rules.
[[nodiscard]] inline LevelSettings level_settings(int level, const Rules& rules) noexcept {
    const bool many = rules.players > 2;
    const bool big = rules.size == 16;
    LevelSettings s;
    switch (level <= kMinLevel ? kMinLevel : level >= kMaxLevel ? kMaxLevel : level) {
    case 1:
        s.beginner = true;
        break;
    case 2:
        s.depth = 1;
        s.root_noise = 7; // a little more variety: it is meant to be beatable
        break;
    case 3:
        s.depth = 3;                      // own move, best reply, own move
        s.nodes = many ? 150000 : 400000; // a fixed amount of work, whatever the machine
        break;
    case 4:
        s.time_divisor = 3;
        s.finish_only = true;
        s.exit_urge = 2; // arriving opponents box in pieces left at home
        if (!many && rules.size == 8) s.depth = kLevel4DepthOn8x8;
        if (many && rules.partners == Partners::None) s.plans = Plans::Always; // as level 5
        s.turn_order = turns_matter(rules);                                    // as level 5
        break;
    default:
        s.exit_urge = 2;
        s.opponent_weight = big ? 2 : 4; // on 16x16 its own way home counts most; on the small
                                         // boards the sides are in touch and blocking pays
        // A race is counted in moves on the small boards and in the plans of a full table;
        // a 2-player game on 16x16 is won by the squares covered while the sides meet.
        s.outside_cost = big && !many ? 0 : 10;
        s.plans = many ? Plans::Always : Plans::Apart; // a full table is a race of all
                                                       // against all: plans beat searches
        if (rules.partners != Partners::None) {
            // Partners cross each other's paths and stand in each other's way: the search,
            // which moves both of a side, builds ladders for the partner and blocks the other
            // side, and their progress counts as much as its own. A partner's piece fills
            // nothing in one's camp, so one left there must be moved out (and with partners
            // opposite one's home is the partner's camp: the exit urge clears it).
            s.plans = Plans::Never;
            s.opponent_weight = 4;
            s.partner_block = 12;
            s.turn_order = turns_matter(rules);
        }
        break;
    }
    if (s.plans == Plans::Always) s.most_ms = kFullTableMs;
    // On the small boards the camps are a few moves apart and every piece must be out by the
    // leave-home deadline: a move that idles at home is a move lost in the race. (The large
    // camps of 16x16 have room for the hops that set up ladders.)
    if (!big && !s.beginner) s.idle_at_home = 8;
    return s;
}

// The node budget (Limits::nodes) that stands in for the clock of a level with settings s,
// given `nodes` for all of movetime: a level that thinks for a part of movetime gets that part
// of them; one with a budget of its own, or no search, keeps its own way (0). With it a seed
// repeats a game whatever the machine's speed or load.
[[nodiscard]] constexpr std::uint64_t clock_nodes(const LevelSettings& s,
                                                  std::uint64_t nodes) noexcept {
    if (nodes == 0 || s.nodes != 0 || s.beginner) return 0;
    const auto share = nodes / static_cast<std::uint64_t>(s.time_divisor);
    return share > 0 ? share : 1;
}

// The nodes a millisecond of the clock stands for at a table of these rules: what level 5
// gets through on the machine the project's figures are measured on (x86-64, 2 cores, the
// -O3 build; `make bench`'s reference budgets at movetime 300). Planning at a full table
// without partners makes nodes cheaper; following partners' turns, dearer.
[[nodiscard]] constexpr std::uint64_t nodes_per_ms(const Rules& rules) noexcept {
    if (rules.players > 2) return rules.partners == Partners::None ? 4400 : 1600;
    return rules.size == 8 ? 2000 : rules.size == 10 ? 1900 : 1500;
}

// The node budget (Limits::nodes) that stands for movetime_ms of the clock of a level with
// settings s at a table of these rules (Limits::repeatable): its part of the time, within
// its own cap, at the reference machine's pace; 0 for a level with no clock of its own.
[[nodiscard]] constexpr std::uint64_t repeatable_nodes(const LevelSettings& s, const Rules& rules,
                                                       int movetime_ms) noexcept {
    int ms = search_budget_ms(movetime_ms);
    if (s.most_ms > 0 && s.most_ms < ms) ms = s.most_ms;
    return clock_nodes(s, nodes_per_ms(rules) * static_cast<std::uint64_t>(ms));
}

} // namespace halma::ai
