#include "tourney/records.hpp"

#include <map>
#include <stdexcept>

namespace halma::tourney {

using club::Statement;

namespace {

const char* const kStages[] = {"entry", "playing", "over"};

Stage stage_of(const std::string& text) {
    for (int i = 0; i < 3; ++i)
        if (text == kStages[i]) return static_cast<Stage>(i);
    throw std::runtime_error("a tournament in an unknown stage '" + text + "'");
}

constexpr const char* kSelect =
    "SELECT t.id, t.name, t.words, t.creator, p.name, t.stage FROM tournaments t "
    "JOIN players p ON p.id = t.creator";

Kept kept_of(const Statement& s) {
    Kept k;
    k.id = s.integer(0);
    k.event.name = s.text(1);
    if (std::string e = parse_description(s.text(2), k.event.description); !e.empty())
        throw std::runtime_error("tournament " + k.event.name + " cannot be read: " + e);
    k.creator = s.integer(3);
    k.creator_name = s.text(4);
    k.stage = stage_of(s.text(5));
    k.event.finished = k.stage == Stage::Over;
    return k;
}

} // namespace

const char* stage_text(Stage s) { return kStages[static_cast<int>(s)]; }

long long Records::add(const std::string& name, const Description& d, long long creator,
                       club::Millis now) {
    Statement s(store_.connection(),
                "INSERT INTO tournaments(name, words, creator, stage, created) VALUES ($1, $2, "
                "$3, 'entry', $4) RETURNING id");
    s.bind(1, name).bind(2, description_text(d)).bind(3, creator).bind(4, now);
    if (!s.step()) throw std::runtime_error("no id returned");
    const long long id = s.integer(0);
    s.run();
    return id;
}

std::optional<Kept> Records::find(const std::string& name) {
    Statement s(store_.connection(), std::string(kSelect) + " WHERE t.name = $1");
    s.bind(1, name);
    if (!s.step()) return std::nullopt;
    Kept k = kept_of(s);
    s.run();
    load(k);
    return k;
}

std::vector<Kept> Records::all() {
    std::vector<Kept> out;
    {
        Statement s(store_.connection(), std::string(kSelect) + " ORDER BY t.id DESC");
        while (s.step()) out.push_back(kept_of(s));
    }
    for (Kept& k : out) load(k);
    return out;
}

void Records::load(Kept& k) {
    std::map<long long, int> number; // the entrant column, to the index in order
    Statement e(store_.connection(),
                "SELECT e.entrant, e.player, p.name, p.ai_level, e.rating, e.withdrawn FROM "
                "tournament_entrants e JOIN players p ON p.id = e.player WHERE e.tournament = $1 "
                "ORDER BY e.entrant");
    e.bind(1, k.id);
    while (e.step()) {
        number[e.integer(0)] = static_cast<int>(k.players.size());
        k.players.push_back(e.integer(1));
        k.ai_levels.push_back(e.null(3) ? 0 : static_cast<int>(e.integer(3)));
        k.event.entrants.push_back(
            Entrant{e.text(2), e.null(4) ? 1500.0 : e.real(4), e.integer(5) != 0});
    }
    // The computer at one level entered twice or more: "ai:2", "ai:2#2", ...
    for (std::size_t i = 0; i < k.event.entrants.size(); ++i) {
        int same = 1;
        for (std::size_t j = 0; j < i; ++j) same += k.players[j] == k.players[i];
        if (same > 1) k.event.entrants[i].name += "#" + std::to_string(same);
    }
    Statement s(store_.connection(),
                "SELECT round_number, board, seat, entrant, ranked, forfeit FROM tournament_seats "
                "WHERE tournament = $1 ORDER BY round_number, board, seat");
    s.bind(1, k.id);
    while (s.step()) {
        const auto round = static_cast<std::size_t>(s.integer(0));
        const long long board = s.integer(1);
        if (k.event.rounds.size() < round) k.event.rounds.resize(round);
        Round& r = k.event.rounds[round - 1];
        const int who = s.null(3) ? kComputer : number.at(s.integer(3));
        if (board < 0) {
            r.bye = who;
            continue;
        }
        if (r.boards.size() <= static_cast<std::size_t>(board)) r.boards.resize(board + 1);
        Board& b = r.boards[board];
        b.seats.push_back(who);
        if (!s.null(4)) b.ranks.push_back(static_cast<int>(s.integer(4)));
        b.forfeited.push_back(!s.null(5) && s.integer(5) != 0);
    }
}

void Records::add_entrant(long long tournament, long long player) {
    Statement(store_.connection(),
              "INSERT INTO tournament_entrants(tournament, entrant, player, withdrawn) SELECT $1, "
              "coalesce(max(entrant) + 1, 0), $2, 0 FROM tournament_entrants WHERE tournament = $1")
        .bind(1, tournament)
        .bind(2, player)
        .run();
}

void Records::remove_entrant(long long tournament, long long player) {
    Statement(store_.connection(),
              "DELETE FROM tournament_entrants WHERE tournament = $1 AND player = $2")
        .bind(1, tournament)
        .bind(2, player)
        .run();
}

void Records::withdraw(long long tournament, int entrant) {
    Statement(store_.connection(), "UPDATE tournament_entrants SET withdrawn = 1 WHERE "
                                   "tournament = $1 AND entrant = $2")
        .bind(1, tournament)
        .bind(2, static_cast<long long>(entrant))
        .run();
}

void Records::start(long long tournament, const std::vector<double>& ratings, club::Millis now) {
    std::vector<long long> players;
    {
        Statement s(store_.connection(), "SELECT player FROM tournament_entrants WHERE "
                                         "tournament = $1 ORDER BY entrant");
        s.bind(1, tournament);
        while (s.step()) players.push_back(s.integer(0));
    }
    if (players.size() != ratings.size()) throw std::runtime_error("the field changed");
    Statement(store_.connection(), "DELETE FROM tournament_entrants WHERE tournament = $1")
        .bind(1, tournament)
        .run();
    for (std::size_t i = 0; i < players.size(); ++i)
        Statement(store_.connection(),
                  "INSERT INTO tournament_entrants(tournament, entrant, player, rating, "
                  "withdrawn) VALUES ($1, $2, $3, $4, 0)")
            .bind(1, tournament)
            .bind(2, static_cast<long long>(i))
            .bind(3, players[i])
            .bind(4, ratings[i])
            .run();
    Statement(store_.connection(),
              "UPDATE tournaments SET stage = 'playing', started = $2 WHERE id = $1")
        .bind(1, tournament)
        .bind(2, now)
        .run();
}

void Records::add_round(long long tournament, int number, const Round& round) {
    auto seat = [&](long long board, int s, int who) {
        Statement insert(store_.connection(),
                         "INSERT INTO tournament_seats(tournament, round_number, board, seat, "
                         "entrant) VALUES ($1, $2, $3, $4, $5)");
        insert.bind(1, tournament)
            .bind(2, static_cast<long long>(number))
            .bind(3, board)
            .bind(4, static_cast<long long>(s));
        if (who == kComputer)
            insert.bind_null(5);
        else
            insert.bind(5, static_cast<long long>(who));
        insert.run();
    };
    if (round.bye >= 0) seat(-1, 0, round.bye);
    for (std::size_t b = 0; b < round.boards.size(); ++b)
        for (std::size_t s = 0; s < round.boards[b].seats.size(); ++s)
            seat(static_cast<long long>(b), static_cast<int>(s), round.boards[b].seats[s]);
}

void Records::set_game(long long tournament, int round, int board, long long game) {
    Statement(store_.connection(), "UPDATE tournament_seats SET game = $4 WHERE tournament = $1 "
                                   "AND round_number = $2 AND board = $3")
        .bind(1, tournament)
        .bind(2, static_cast<long long>(round))
        .bind(3, static_cast<long long>(board))
        .bind(4, game)
        .run();
}

std::optional<BoardOf> Records::board_of_game(long long game) {
    Statement s(store_.connection(),
                "SELECT s.tournament, t.name, s.round_number, s.board FROM tournament_seats s "
                "JOIN tournaments t ON t.id = s.tournament WHERE s.game = $1");
    s.bind(1, game);
    if (!s.step()) return std::nullopt;
    BoardOf b{s.integer(0), s.text(1), static_cast<int>(s.integer(2)),
              static_cast<int>(s.integer(3))};
    s.run();
    return b;
}

void Records::lock(long long tournament) {
    Statement s(store_.connection(),
                "SELECT id FROM tournaments WHERE id = $1" + store_.connection().lock_rows(false));
    s.bind(1, tournament);
    s.run();
}

void Records::set_result(long long tournament, int round, int board,
                         const std::vector<int>& ranks) {
    for (std::size_t s = 0; s < ranks.size(); ++s)
        Statement(store_.connection(),
                  "UPDATE tournament_seats SET ranked = $5 WHERE tournament = $1 AND "
                  "round_number = $2 AND board = $3 AND seat = $4")
            .bind(1, tournament)
            .bind(2, static_cast<long long>(round))
            .bind(3, static_cast<long long>(board))
            .bind(4, static_cast<long long>(s))
            .bind(5, static_cast<long long>(ranks[s]))
            .run();
}

void Records::set_forfeit(long long game, int seat) {
    Statement(store_.connection(),
              "UPDATE tournament_seats SET forfeit = 1 WHERE game = $1 AND seat = $2")
        .bind(1, game)
        .bind(2, static_cast<long long>(seat))
        .run();
}

int Records::forfeits(long long tournament, int entrant) {
    Statement s(store_.connection(), "SELECT count(*) FROM tournament_seats WHERE tournament = $1 "
                                     "AND entrant = $2 AND forfeit = 1");
    s.bind(1, tournament).bind(2, static_cast<long long>(entrant));
    const int n = s.step() ? static_cast<int>(s.integer(0)) : 0;
    s.run();
    return n;
}

void Records::finish(long long tournament, club::Millis now) {
    Statement(store_.connection(),
              "UPDATE tournaments SET stage = 'over', ended = $2 WHERE id = $1")
        .bind(1, tournament)
        .bind(2, now)
        .run();
}

} // namespace halma::tourney
