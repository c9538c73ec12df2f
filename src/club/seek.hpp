// A seek: the game a player asks the club for, read from "key=value" words (the lobby's
// `seek` and `:seek`): the rules (the rule options of options.hpp), who is invited, the pace
// and whether it is rated. Pure: no I/O, no database.
//
//   players=3 size=16 ...   rule options, as records and the engine protocol name them
//   to=NAME[,NAME...]       a challenge: the seats after the seeker's go to these players in
//                           order; "ai:LEVEL" seats the computer; seats not named are open
//   pace=live               a game played in one sitting, untimed (the default)
//   pace=live:SECONDS       the same with a limit per move (1 to 86400)
//   pace=clock:M+S          a game clock: M minutes a player (1 to 180), S seconds added
//                           after each move (0 to 60), Fischer's clock
//   pace=days:N             correspondence: N days per move (1 to 30)
//   rated=yes|no            whether the result moves ratings: only a timed game is rated
//                           (default yes when timed, no for pace=live)
#pragma once

#include "halma.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace halma::club {

// How fast a game is to be played.
struct Pace {
    enum class Kind { Live, Days, Clock } kind = Kind::Live;
    int seconds = 0; // live: the limit per move (0: none); clock: added after each move
    int days = 0;    // days: per move
    int minutes = 0; // clock: each player's time for the game

    // The time a player has for one move, in seconds (0: no limit, or a game clock).
    [[nodiscard]] long long per_move() const noexcept {
        return kind == Kind::Days ? days * 86400LL : kind == Kind::Live ? seconds : 0;
    }
    // A game clock's time for each player at the start, and added after each move, in ms.
    [[nodiscard]] long long clock_start_ms() const noexcept {
        return kind == Kind::Clock ? minutes * 60000LL : 0;
    }
    [[nodiscard]] long long increment_ms() const noexcept {
        return kind == Kind::Clock ? seconds * 1000LL : 0;
    }
    // Under this a player's time runs low and is shown so: 20 seconds, or a quarter of a
    // shorter time; a correspondence move is never low on a screen (ms).
    [[nodiscard]] long long low_ms() const noexcept {
        constexpr long long kLowMs = 20000;
        const long long whole = kind == Kind::Clock ? clock_start_ms() : per_move() * 1000;
        return kind == Kind::Days ? 0 : std::min(kLowMs, whole / 4);
    }
    // Whether a player's time is limited at all: a rated game must be.
    [[nodiscard]] bool timed() const noexcept { return kind != Kind::Live || seconds > 0; }
    // Played in one sitting (live or clock), as against correspondence.
    [[nodiscard]] bool live() const noexcept { return kind != Kind::Days; }
    [[nodiscard]] friend bool operator==(const Pace& a, const Pace& b) noexcept {
        return a.kind == b.kind && a.seconds == b.seconds && a.days == b.days &&
               a.minutes == b.minutes;
    }
};

// The pace as the wire and the database write it: live, live:SECONDS, clock:M+S, days:N.
[[nodiscard]] std::string pace_text(const Pace& pace);
// Reads pace_text(). Returns an empty string (out set) or what is wrong, in one line.
[[nodiscard]] std::string read_pace(std::string_view text, Pace& out);

struct Seek {
    Options rule_options;             // as given
    Rules rules;                      // built from them
    std::vector<std::string> invited; // to=: the seats after the seeker's, in order
    Pace pace;
    bool rated = true;
};

// Reads the words of a seek. Returns an empty string (out set) or what is wrong, in one
// printable line.
[[nodiscard]] std::string parse_seek(std::string_view words, Seek& out);

// The seek's words again, as parse_seek() reads them.
[[nodiscard]] std::string seek_text(const Seek& seek);

// The family of variants a game is rated in: "2p16" (two players on 16x16), "2p-small" (two
// players on 10x10 or 8x8) or "3-4p" (three and four players).
[[nodiscard]] std::string rating_family(const Rules& rules);

// The AI level an occupant word names ("ai:3" gives 3), or 0 for a player's name.
[[nodiscard]] int ai_level_of(std::string_view occupant) noexcept;

} // namespace halma::club
