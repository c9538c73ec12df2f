#include "tourney/rounds.hpp"

#include "tourney/pairing.hpp"

namespace halma::tourney {

void begin_round(club::Store& store, Hall& hall, Kept& k) {
    const int number = static_cast<int>(k.event.rounds.size());
    const std::vector<Board>& boards = k.event.rounds.back().boards;
    for (std::size_t b = 0; b < boards.size(); ++b) {
        std::vector<Seating> seats;
        for (int who : boards[b].seats) {
            if (who == kComputer) {
                long long player = 0;
                store.transaction([&] { player = store.ai_player(kFillLevel); });
                seats.push_back({player, kFillLevel, "ai:" + std::to_string(kFillLevel)});
            } else { // the computer as the club names it, not as the standings tell it apart
                const int level = k.ai_levels[who];
                seats.push_back(
                    {k.players[who], level,
                     level ? "ai:" + std::to_string(level) : k.event.entrants[who].name});
            }
        }
        hall.begin_game(k.event.description, seats,
                        {k.id, k.event.name, number, static_cast<int>(b)});
    }
}

void forfeited(club::Store& store, long long game, int seat) {
    Records records(store);
    if (records.board_of_game(game)) store.transaction([&] { records.set_forfeit(game, seat); });
}

bool game_ended(club::Store& store, Hall& hall, long long game, const std::vector<int>& ranks,
                const std::vector<int>& forfeits, club::Millis now) {
    Records records(store);
    std::optional<BoardOf> at = records.board_of_game(game);
    if (!at) return false;
    bool next = false;
    std::optional<Kept> k;
    store.transaction([&] {
        records.lock(at->tournament);
        k = records.find(at->name);
        if (!k || k->stage != Stage::Playing) return;
        Board& board = k->event.rounds.at(at->round - 1).boards.at(at->board);
        if (board.over()) return; // kept by another server of the club already
        board.ranks =
            ranks.size() == board.seats.size() ? ranks : std::vector<int>(board.seats.size(), 0);
        records.set_result(k->id, at->round, at->board, board.ranks);
        for (int seat : forfeits) records.set_forfeit(game, seat);
        for (int who : board.seats)
            if (who != kComputer && !k->event.entrants[who].withdrawn &&
                records.forfeits(k->id, who) >= 2) {
                records.withdraw(k->id, who);
                k->event.entrants[who].withdrawn = true;
            }
        if (at->round != static_cast<int>(k->event.rounds.size()) || !k->event.rounds_over())
            return;
        if (at->round == k->event.planned_rounds()) {
            records.finish(k->id, now);
            return;
        }
        k->event.rounds.push_back(pair_next_round(k->event));
        records.add_round(k->id, at->round + 1, k->event.rounds.back());
        next = true;
    });
    if (next) begin_round(store, hall, *k);
    return true;
}

std::string label_of(const BoardOf& at) { return at.name + " round " + std::to_string(at.round); }

net::Place place_of(const BoardOf& at) { return {at.name, at.round, at.board + 1}; }

} // namespace halma::tourney
