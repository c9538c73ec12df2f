// The tournaments' director: runs a tournament command (tourney/words.hpp) for a player of
// the club, against the store (tourney/records.hpp), and answers in lines of at most 80
// columns, or with why not. The lobby's ':tournament' and the shell's `halma --club
// tournament` reach it through the club's server alike.
//
// Who may do what: a player of the host creates a tournament (one who came by the door may
// join one); anyone joins one whose entry is open, or who is named in its entry; its creator
// enters computer members (join NAME ai:L) and starts it; a player leaves before the start
// (the entry is given up) or after it (withdrawn: in the standings, paired no more). The
// start fixes the field and its ratings (in the family of the tournament's game), pairs round
// 1 and begins its games at the club (the Hall); the rounds after run themselves
// (tourney/rounds.hpp).
#pragma once

#include "net/wire.hpp"
#include "store/store.hpp"
#include "tourney/records.hpp"
#include "tourney/rounds.hpp"
#include "tourney/words.hpp"

#include <string>
#include <vector>

namespace halma::tourney {

struct Caller {
    long long player = 0;
    std::string name;
    bool from_door = false;
    int most_tournaments = -1; // tournaments entered and not over at once (-1: no limit)
};

class Director {
  public:
    Director(club::Store& store, Hall& hall) : store_(store), hall_(hall), records_(store) {}

    // Runs a command: an empty string (lines set to the answer) or why not, in one line.
    // Throws what the store throws (its writes are then undone).
    [[nodiscard]] std::string run(const Command& c, const Caller& who,
                                  std::vector<std::string>& lines, club::Millis now);

  private:
    std::string create(const Command& c, const Caller& who, std::vector<std::string>& lines,
                       club::Millis now);
    std::string join(const Command& c, const Caller& who, Kept& k, std::vector<std::string>& lines);
    std::string leave(const Caller& who, Kept& k, std::vector<std::string>& lines);
    std::string start(const Caller& who, Kept& k, std::vector<std::string>& lines,
                      club::Millis now);
    void list(std::vector<std::string>& lines);
    // The tournaments a player has entered (and not left) that are not over.
    [[nodiscard]] int entered(long long player);

    club::Store& store_;
    Hall& hall_;
    Records records_;
};

// A tournament's words as the club's server hears them ("tournament WORDS") from a player:
// the answer's lines ("tourney TEXT" each), or "error TEXT" saying why not; then "end".
[[nodiscard]] std::vector<net::Message> answer_words(club::Store& store, Hall& hall,
                                                     const Caller& who, const std::string& words,
                                                     club::Millis now);

} // namespace halma::tourney
