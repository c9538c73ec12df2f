// A seek: the game a player asks the club for, read from "key=value" words (the lobby's
// `seek` and `:seek`): the rules (the rule options of options.hpp), who is invited, the pace
// and whether it is rated. Pure: no I/O, no database. The club's seeks and a tournament's
// game (tourney/words.hpp) are read by it alike.
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
#include "net/wire.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace halma::net {

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

// The AI level an occupant word names ("ai:3" gives 3), or 0 for a player's name.
[[nodiscard]] int ai_level_of(std::string_view occupant) noexcept;

} // namespace halma::net
