// The club's tournaments as its store keeps them (the tables tournaments,
// tournament_entrants and tournament_seats of store.cpp's schema), in SQLite or PostgreSQL:
// every write inside the store's transaction, so that a round's pairing and each result are
// committed before anyone is told of them, and a restart reads every round back.
#pragma once

#include "store/store.hpp"
#include "tourney/event.hpp"

#include <optional>
#include <string>
#include <vector>

namespace halma::tourney {

enum class Stage { Entry, Playing, Over };

// A tournament as the store keeps it: its row, and the event its rows make.
struct Kept {
    long long id = 0;
    long long creator = 0;
    std::string creator_name;
    Stage stage = Stage::Entry;
    Event event;
    std::vector<long long> players; // each entrant's player, by entrant number
    std::vector<int> ai_levels;     // each entrant's computer level (0: a person)
};

// Where a game of a tournament is played: its round and board.
struct BoardOf {
    long long tournament = 0;
    std::string name;
    int round = 0; // from 1
    int board = 0; // from 0
};

class Records {
  public:
    explicit Records(club::Store& store) : store_(store) {}

    // A new tournament, taking entries. Returns its id.
    long long add(const std::string& name, const Description& d, long long creator,
                  club::Millis now);
    // A tournament by name, with its entrants and rounds.
    [[nodiscard]] std::optional<Kept> find(const std::string& name);
    // Every tournament, newest first.
    [[nodiscard]] std::vector<Kept> all();
    // An entrant joins (the next number): a player, or the computer's at a level.
    void add_entrant(long long tournament, long long player);
    // Before the start, an entrant's row goes (the numbers after it close up at the start).
    void remove_entrant(long long tournament, long long player);
    // After it, they stay in the standings and are paired no more.
    void withdraw(long long tournament, int entrant);
    // The start: entrants renumbered from 0 in the order they joined, their ratings as now.
    void start(long long tournament, const std::vector<double>& ratings, club::Millis now);
    // A round paired (number from 1).
    void add_round(long long tournament, int number, const Round& round);
    // The club's game played at a board, and the board a game is played at.
    void set_game(long long tournament, int round, int board, long long game);
    [[nodiscard]] std::optional<BoardOf> board_of_game(long long game);
    // Locks the tournament's row for this transaction (another server's waits).
    void lock(long long tournament);
    // A seat of a game lost by forfeit, and how many its entrant has lost so.
    void set_forfeit(long long game, int seat);
    [[nodiscard]] int forfeits(long long tournament, int entrant);
    // A game's finishing order, per seat.
    void set_result(long long tournament, int round, int board, const std::vector<int>& ranks);
    void finish(long long tournament, club::Millis now);

  private:
    void load(Kept& k);
    club::Store& store_;
};

// The stage as the store writes it, and back.
[[nodiscard]] const char* stage_text(Stage s);

} // namespace halma::tourney
