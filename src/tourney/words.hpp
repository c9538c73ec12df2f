// A tournament's words, the same in the lobby after ':' and as `halma --club tournament ...`:
//
//   tournament new NAME system=swiss rounds=N [GAME WORDS] [entry=open|NAME,NAME...]
//   tournament new NAME system=robin [GAME WORDS] [entry=...]
//   tournament join NAME [ai:LEVEL]      the creator enters a computer member with ai:LEVEL
//   tournament leave NAME
//   tournament start NAME                its creator
//   tournament list
//   tournament standings NAME
//   tournament pairings NAME [ROUND]
//
// GAME WORDS are a seek's (net/seek.hpp, read by its reader): the rule options (players=2,
// 3 or 4, size=, ...), pace= and rated=; not to= (entry= says who may join) nor first= (the
// pairing says who moves first). system=swiss pairs by score, for two players a game or
// tables of three and four; system=robin, for two, pairs every player with every other once.
// Pure: no I/O, no database.
#pragma once

#include "net/seek.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace halma::tourney {

enum class System { Swiss, Robin };

constexpr int kMaxRounds = 30;      // a Swiss's rounds= at most
constexpr int kMaxEntryNames = 100; // entry= names at most

// What a tournament is, as its creator described it.
struct Description {
    System system = System::Swiss;
    int rounds = 0;                 // Swiss: as given; round robin: 0 (the field decides)
    net::Seek game;                 // the rules, pace and rating of every game
    std::vector<std::string> entry; // who may join; empty: anyone (entry=open)

    // Players at a table: 2 (a game of two), 3 or 4.
    [[nodiscard]] int table_size() const noexcept { return game.rules.players; }
};

// Reads a description from its words (all after "tournament new NAME"). Returns an empty
// string (out set) or what is wrong, in one printable line.
[[nodiscard]] std::string parse_description(std::string_view words, Description& out);
// The description's words again, as parse_description() reads them.
[[nodiscard]] std::string description_text(const Description& d);

enum class Verb { New, Join, Leave, Start, List, Standings, Pairings };

// A tournament command: its verb and what the verb takes.
struct Command {
    Verb verb = Verb::List;
    std::string name;        // the tournament (every verb but list)
    Description description; // new
    int ai_level = 0;        // join: a computer member at this level (0: the player joins)
    int round = 0;           // pairings: the round asked for (0: the latest)
};

// Reads a command from the words after "tournament". Returns an empty string (out set) or
// what is wrong, in one printable line.
[[nodiscard]] std::string parse_command(std::string_view words, Command& out);
// The command's words again (without "tournament"), as parse_command() reads them.
[[nodiscard]] std::string command_text(const Command& c);

} // namespace halma::tourney
