// The club server's side of tournaments (tourney/rounds.hpp): the games of a round begun with
// their seats filled, and the tables of tournament games kept to its rules.
#include "club/server.hpp"
#include "rating/ranking.hpp"

#include <cstdio>

namespace halma::club {

long long Server::begin_game(const tourney::Description& d,
                             const std::vector<tourney::Seating>& seats,
                             const tourney::BoardOf& at) {
    Options opts;
    GameRow row = seek_row(d.game, 1, opts);
    for (const tourney::Seating& s : seats) {
        SeatRow seat;
        seat.player = s.player;
        seat.name = s.name;
        seat.ai_level = s.ai_level;
        row.seats.push_back(seat);
    }
    store_.transaction([&] { row.id = store_.add_game(row); });
    Rules rules;
    (void)rules_from_options(opts, rules);
    Table& t = add_table(row, rules, d.game.pace);
    tournament_table(t, at);
    if (std::string e = start_table(t); !e.empty())
        std::fprintf(stderr, "halma: club server: game %lld of %s did not begin: %s\n", row.id,
                     tourney::label_of(at).c_str(), e.c_str());
    return row.id;
}

void Server::tournament_table(Table& t, const tourney::BoardOf& at) {
    t.set_first_move_missed(Table::FirstMoveMissed::Forfeit);
    t.add_record_header("tournament", tourney::label_of(at));
    t.set_tournament_place(tourney::place_of(at));
    t.on_end([this](const Table& done) {
        const long long id = done.id();
        const std::vector<int> ranks = ranks_of_order(done.row().result, done.seats());
        // A game of two lost on time by a player who had not moved: a forfeit.
        std::vector<int> forfeits;
        for (int s = 0; s < done.seats() && done.seats() == 2; ++s)
            if (done.row().how == "time" && done.forfeits_on_time(s) && ranks.size() == 2 &&
                ranks[s] > ranks[1 - s])
                forfeits.push_back(s);
        guarded("keeping the result of tournament game " + std::to_string(id), [&] {
            (void)tourney::game_ended(store_, *this, id, ranks, forfeits, clock_.now());
        });
    });
}

void Server::seat_changed(Table& t, int seat) {
    seat_message(t, seat);
    if (t.row().seats[seat].out == "time" && t.forfeits_on_time(seat))
        guarded("keeping a forfeit", [&] { tourney::forfeited(store_, t.id(), seat); });
}

} // namespace halma::club
