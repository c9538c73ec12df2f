// A seek: the game a player asks the club for, read from "key=value" words (the lobby's
// `seek` and `:seek`): the rules (the rule options of options.hpp), who is invited, the pace
// and whether it is rated. Pure: no I/O, no database.
//
//   players=3 size=16 ...   rule options, as records and the engine protocol name them
//   to=NAME[,NAME...]       a challenge: the seats after the seeker's go to these players in
//                           order; "ai:LEVEL" seats the computer; seats not named are open
//   pace=live               a game played in one sitting (the default)
//   pace=live:SECONDS       the same with a limit per move (1 to 86400)
//   pace=days:N             correspondence: N days per move (1 to 30)
//   rated=yes|no            whether the result moves ratings (default yes)
#pragma once

#include "halma.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace halma::club {

// How fast a game is to be played.
struct Pace {
    enum class Kind { Live, Days } kind = Kind::Live;
    int seconds = 0; // live: the limit per move (0: none)
    int days = 0;    // days: per move

    // The time a player has for one move, in seconds (0: no limit).
    [[nodiscard]] long long per_move() const noexcept {
        return kind == Kind::Days ? days * 86400LL : seconds;
    }
    [[nodiscard]] friend bool operator==(const Pace& a, const Pace& b) noexcept {
        return a.kind == b.kind && a.seconds == b.seconds && a.days == b.days;
    }
};

// The pace as the wire and the database write it: live, live:SECONDS, days:N.
[[nodiscard]] std::string pace_text(const Pace& pace);
// Reads pace_text(); false when the text is not a pace.
[[nodiscard]] bool read_pace(std::string_view text, Pace& out);

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
