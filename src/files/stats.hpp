// The player's record against the computer: $XDG_STATE_HOME/halma/stats, one line per
// variant (the rules that change how a game is won: everything but who moves first) and set
// of AI levels at the table, counting wins, losses, draws and the fewest moves of a win.
// A game counts when it was played from the start position by exactly one person against
// the computer (solitaire keeps its own scores). A game in which the person was given a hint
// is counted apart, on its own line for the variant and levels marked hints=used, which
// keeps no fewest moves: such a win is never a win against those levels. The file is plain
// text:
//
//     # halma: your record against the computer (see FILES in man halma)
//     players=2 size=16 spoil=fill evacuate=60 longjumps=0 partners=none win=first maxturns=0
//     levels=4 won=4 lost=6 drawn=0 fewest=87
//     players=2 size=16 spoil=fill evacuate=60 longjumps=0 partners=none win=first maxturns=0
//     levels=4 hints=used won=1 lost=0 drawn=0 fewest=0
//
// the rule words as game records write them (GAME RECORDS in the man page), levels the AI
// seats' levels in ascending order, fewest 0 until the first win. It is rewritten atomically
// after each counted game; a file that does not read is set aside (as the autosave is) and
// a new one started. No curses here.
#pragma once

#include "halma.hpp"
#include "halma/text.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace halma::files {

// One line of the record: a variant against a set of AI levels.
struct StatsEntry {
    Rules rules;             // first is always 0: who moves first does not make a variant
    std::vector<int> levels; // the AI seats' levels, ascending
    int won = 0, lost = 0, drawn = 0;
    int fewest = 0;     // the fewest moves the player made in a win; 0 before the first win
    bool hints = false; // the games with hints (fewest stays 0)

    // Whether the entry counts games of these rules against these levels, with hints or
    // without.
    [[nodiscard]] bool counts(const Rules& r, const std::vector<int>& lv, bool with_hints) const;
};

// The whole record, in file order.
struct Stats {
    std::vector<StatsEntry> entries;
};

// Counts are kept below this, so that a written file always reads back.
inline constexpr int kMaxCount = 999999;

// Reads a record. On an error (naming the line) out is unchanged.
[[nodiscard]] TextError read_stats(std::string_view text, Stats& out);

// Writes a record as read_stats() reads it, with a heading comment.
[[nodiscard]] std::string write_stats(const Stats& stats);

// How a finished game ended for the one person at the table.
enum class Verdict { Won, Lost, Drawn };

// A finished game as the record counts it.
struct GameTally {
    Rules rules;             // as played; first is ignored
    std::vector<int> levels; // the AI seats' levels, in any order
    Verdict verdict = Verdict::Drawn;
    int moves = 0;      // the moves the person made
    bool hints = false; // the person was given a hint (even one taken back)
};

// The tally of a game, given each seat's AI level (0 for a person), or nothing when the game
// does not count: not over, set up from a position, or not one person against the computer.
[[nodiscard]] std::optional<GameTally> tally_game(const Game& game,
                                                  const std::vector<int>& seat_levels);

// Adds a game to the record (a new line for a new variant, or for its first game with hints);
// returns its line's entry.
const StatsEntry& add_game(Stats& stats, const GameTally& tally);

// The entry counting games like this one (with hints or without), or nullptr.
[[nodiscard]] const StatsEntry* find_entry(const Stats& stats, const Rules& rules,
                                           const std::vector<int>& levels, bool hints = false);

// The variant in a few words: "16x16", "16x16, 4 players, partners opposite, strict".
[[nodiscard]] std::string variant_words(const Rules& rules);

// "level 4", or "levels 2, 3 and 5".
[[nodiscard]] std::string levels_words(const std::vector<int>& levels);

// How the player stands in one entry: "4 wins, 6 losses against level 4 on 16x16", or for
// the games with hints "with hints: 1 win, 0 losses against level 4 on 16x16".
[[nodiscard]] std::string standing_line(const StatsEntry& entry);

// The record as a table for `halma --stats`, one line per entry (the games with hints
// "level 4 with hints", after those without), or a sentence saying there is nothing yet. The
// totals are of "all games", or, once there are games with hints, of the games "without
// hints" and of those "with hints".
[[nodiscard]] std::string render_stats(const Stats& stats);

// The record's path inside the state directory.
[[nodiscard]] std::string stats_path(const std::string& dir);

// Reads the record file at path; a missing file is an empty record. Returns the error
// (naming the file and line) of an unreadable or damaged file, which stays where it is.
[[nodiscard]] TextError load_stats(const std::string& path, Stats& out);

// What recording a game did.
struct StatsOutcome {
    StatsEntry entry;      // the game's line after it was counted
    bool new_best = false; // a win in fewer moves than any before
    std::string message;   // a damaged file set aside, or the record not saved; else empty
    bool error = false;    // the game could not be recorded
};

// Counts a game in the record file at path (its directory must exist), rewriting it
// atomically; runs alone against other halma processes of the same user. A damaged file is
// renamed aside first and a new record started.
[[nodiscard]] StatsOutcome record_game(const std::string& path, const GameTally& tally);

} // namespace halma::files
