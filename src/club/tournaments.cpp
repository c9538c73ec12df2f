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
    // The game and its board in one transaction: a server of the club that reads the game
    // knows it as the tournament's at once (its forfeits, its record's line).
    store_.transaction([&] {
        row.id = store_.add_game(row);
        tourney::Records(store_).set_game(at.tournament, at.round, at.board, row.id);
    });
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

namespace {
// What a player of a tournament's game just begun is told ("evening round 2 has begun: ...").
std::string round_begun_words(const Table& t) {
    return t.record_header("tournament") + " has begun: your game " + std::to_string(t.id()) +
           "; a first move not made in time loses it";
}
} // namespace

std::vector<std::string> Server::rounds_begun(long long player) const {
    std::vector<std::string> out;
    for (const auto& [id, t] : tables_)
        if (!t.record_header("tournament").empty() && t.first_move_due(player) >= 0)
            out.push_back(round_begun_words(t));
    return out;
}

void Server::tell_round_begun(const Table& t) {
    if (t.record_header("tournament").empty()) return;
    const std::string line = round_begun_words(t);
    for (auto& p : peers_) {
        if (!p->conn.open() || !seated(t, *p)) continue;
        // A lobby at a live pace was taken to the board (bring_in).
        if (p->stage == Stage::Lobby && !t.pace().live())
            p->conn.send(with_text(net::Verb::Over, line));
        // Still at the box of the game whose end began the round.
        const Table* at = p->stage == Stage::Playing ? table(p->game) : nullptr;
        if (p->stage == Stage::Playing && p->game != t.id() && (!at || !at->playing()))
            p->conn.send(with_text(net::Verb::Error,
                                   line + (t.pace().live() ? "; q takes you to its board"
                                                           : "; q for the lobby, where it waits")));
    }
}

} // namespace halma::club
