// How the AI may think: its level, time, seed and stop flag, and what a search reports.
#pragma once

#include <atomic>
#include <cstdint>

namespace halma::ai {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 5;
constexpr int kDefaultLevel = 3;
constexpr int kDefaultMovetimeMs = 1000;
constexpr int kMaxMovetimeMs = 600000; // ten minutes: more is a mistake, not a wish
// The largest node budget (Limits::nodes) a caller may ask for: minutes of thought a move.
constexpr std::uint64_t kMaxNodes = 999999999;

// The part of movetime ms a search may spend: movetime is the most a caller waits for the
// answer, so a 25th of it (4 to 40 ms) is left for winding the search down and replying,
// also on a busy machine, where the process may wait its turn for the processor.
[[nodiscard]] constexpr int search_budget_ms(int movetime_ms) noexcept {
    const int margin = movetime_ms / 25 < 4 ? 4 : movetime_ms / 25 > 40 ? 40 : movetime_ms / 25;
    return movetime_ms > margin ? movetime_ms - margin : 1;
}

// How the AI may think: its level, its time, its random seed, and a flag another
// thread may set to stop it early. depth and nodes, when above 0, replace the level's
// own search depth and node budget (tests and tools; movetime stays a safety cap, a level's
// own cap on its time does not); a depth also turns the plans home off, a node budget bounds
// them too.
struct Limits {
    int level = kDefaultLevel;
    int movetime_ms = kDefaultMovetimeMs;
    std::uint64_t seed = 0;
    const std::atomic<bool>* stop = nullptr;
    int depth = 0;
    std::uint64_t nodes = 0;
    // The seed was given to repeat a game: a level that thinks by the clock thinks by the
    // node budget that stands for movetime (ai::repeatable_nodes) unless nodes gives one, and
    // the clock stops no search (the stop flag still does), so the same seed plays the same
    // game however busy the machine.
    bool repeatable = false;
};

// What the last search did: the depth it completed, the nodes it visited, its score
// for the side to move (in evaluation units; beyond kWinBound a forced win or loss), and
// whether it searched a race (the sides no longer meet).
struct SearchInfo {
    int depth = 0;
    std::uint64_t nodes = 0;
    int score = 0;
    bool race = false;
    bool stopped = false; // cut short by the time limit or the stop flag
};

} // namespace halma::ai
