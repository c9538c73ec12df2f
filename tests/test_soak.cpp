// The soak: complete AI-against-AI games across every variant of the rules, with the engine's
// invariant check after every move, its legal moves compared with a plain generator written
// from the rules (tests/fuzz/reference_moves.hpp) every fourth move, undo/redo storms (take back k
// moves, replay them, and find the very same position, hash and result), and a record round trip at
// each game's end. HALMA_SOAK_GAMES sets the number of games (scripts/run-tests.sh asks for 216 in
// the sanitizer run); `make test` plays a smaller sample that still spans the variants.
#include "fuzz/reference_moves.hpp"
#include "fuzz/variants.hpp"
#include "halma.hpp"
#include "halma/ai.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

using namespace halma;

namespace {

constexpr int kDefaultGames = 27;

// The rules as the record header writes them, for failure messages.
std::string describe(const Rules& r) {
    std::string s;
    for (const auto& kv : options_of(r)) s += kv.first + "=" + kv.second + " ";
    return s;
}

// What the soak counted, for its closing line.
struct Tally {
    long games = 0, moves = 0, storms = 0, undone = 0, wins = 0, draws = 0, passes = 0;
    long compared = 0, dropouts = 0, finishers = 0;
};

// The state after each ply, to compare against after undo and redo.
struct Snapshot {
    Position position;
    std::uint64_t hash;
    Result result;
    int moves_made[kMaxPlayers];
};

Snapshot snapshot(const Game& g) {
    Snapshot s{g.position(), g.position().hash(), g.result(), {}};
    for (int p = 0; p < kMaxPlayers; ++p) s.moves_made[p] = p < g.players() ? g.moves_made(p) : 0;
    return s;
}

// Whether a game stands exactly as a snapshot recorded it.
bool matches(const Game& g, const Snapshot& s) {
    Snapshot now = snapshot(g);
    for (int p = 0; p < kMaxPlayers; ++p)
        if (now.moves_made[p] != s.moves_made[p]) return false;
    return now.position == s.position && now.hash == s.hash && now.result == s.result && g.is_ok();
}

// Checks the legal move list: no move twice, each one legal, a pass only when it is empty.
std::string check_moves(const Game& g, const MoveList& list) {
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!g.is_legal(list[i])) return "listed move " + move_name(list[i]) + " is not legal";
        for (std::size_t j = 0; j < i; ++j)
            if (list[i] == list[j]) return "move " + move_name(list[i]) + " listed twice";
    }
    if (g.must_pass() != (list.empty() && !g.over())) return "must_pass disagrees with the list";
    return {};
}

// A plain runner that does not depend on the AI's strength and so carries games to their
// finish: the move that brings its piece nearest the far corner of its target camp, ties
// broken at random.
Move homeward(const Game& g, const MoveList& list, std::mt19937_64& rng) {
    const int n = g.rules().size, owner = g.owner_to_move();
    int corner = 0;
    for (int sq : {make_square(0, 0), make_square(0, n - 1), make_square(n - 1, n - 1),
                   make_square(n - 1, 0)})
        if (g.camps().target[owner].test(sq)) corner = sq;
    Move best = list[0];
    int best_gain = -1000, ties = 0;
    for (Move m : list) {
        int gain = king_distance(m.from(), corner) - king_distance(m.to(), corner);
        if (gain > best_gain)
            best_gain = gain, best = m, ties = 1;
        else if (gain == best_gain && rng() % ++ties == 0)
            best = m;
    }
    return best;
}

// Takes back k moves and replays them, checking the game against the snapshots both ways.
std::string storm(Game& g, const std::vector<Snapshot>& history, std::size_t k) {
    const std::size_t ply = g.ply();
    for (std::size_t i = 1; i <= k; ++i) {
        if (!g.undo()) return "undo refused at ply " + std::to_string(g.ply());
        if (!matches(g, history[ply - i]))
            return "after undoing to ply " + std::to_string(ply - i) + " the game differs";
    }
    for (std::size_t i = 1; i <= k; ++i) {
        if (!g.redo()) return "redo refused at ply " + std::to_string(g.ply());
        if (!matches(g, history[ply - k + i]))
            return "after redoing to ply " + std::to_string(ply - k + i) + " the game differs";
    }
    if (g.can_redo()) return "a redo is left after replaying every undone move";
    return {};
}

// Plays one game to its end; returns an empty string or the first problem seen.
std::string soak_game(const Rules& rules, std::uint64_t seed, Tally& tally) {
    std::mt19937_64 rng(seed);
    Game g(rules);
    std::vector<Snapshot> history{snapshot(g)};
    ai::Limits limits;
    limits.level = ai::kMinLevel;
    limits.movetime_ms = 2;
    MoveList list;
    while (!g.over()) {
        g.legal_moves(list);
        if (g.ply() % 4 == 0) {
            if (std::string e = check_moves(g, list); !e.empty()) return e;
            if (std::string e = reference::compare(g); !e.empty()) return e;
            ++tally.compared;
        }
        Move m;
        if (list.empty()) {
            if (!g.must_pass()) return "no legal move, yet no pass either";
            m = Move::pass();
            ++tally.passes;
        } else if (g.ply() < 40 && rng() % 3 == 0) {
            m = list[rng() % list.size()]; // a random opening move now and then, so games differ
        } else if (rng() % 2 == 0) {
            limits.seed = rng();
            m = ai::choose_move(g, limits);
        } else {
            m = homeward(g, list, rng);
        }
        const std::string name = chain_name(g.position(), m, rules.longjumps);
        ParsedMove pm = parse_move(g, name);
        if (!pm.error.empty() || pm.move != m)
            return "the move " + name + " does not read back: " + pm.error;
        if (!g.play(m)) return "the move " + name + " is refused at ply " + std::to_string(g.ply());
        ++tally.moves;
        if (!g.is_ok()) return "Game::is_ok fails after " + name;
        if (g.can_redo()) return "a redo is left after playing a new move";
        history.resize(g.ply());
        history.push_back(snapshot(g));

        // An undo/redo storm every so often, or now and then a take-back and another move.
        if (g.ply() > 1 && rng() % 12 == 0) {
            std::size_t k = 1 + rng() % std::min<std::size_t>(g.ply(), 16);
            ++tally.storms;
            tally.undone += static_cast<long>(k);
            if (std::string e = storm(g, history, k); !e.empty()) return e;
        }
    }

    // The end: the result is settled and no move is offered; the whole game undoes and redoes.
    g.legal_moves(list);
    if (!list.empty() || g.must_pass()) return "a finished game still offers moves";
    if (g.result().outcome == Outcome::Draw) {
        ++tally.draws;
        bool limit = false;
        for (int p = 0; p < g.players(); ++p) limit = limit || g.moves_made(p) >= rules.maxturns;
        if (rules.maxturns == 0 || !limit) return "a draw before the move limit";
    } else {
        ++tally.wins;
        if (g.result().winners == 0) return "a win with no winner";
        for (int p = 0; p < g.players(); ++p) {
            tally.dropouts += g.dropped(p);
            tally.finishers += g.finished(p);
        }
    }
    tally.undone += static_cast<long>(g.ply());
    ++tally.storms;
    if (std::string e = storm(g, history, g.ply()); !e.empty()) return "whole game: " + e;

    // The record of the game reads back as the same game.
    Game back;
    Options headers;
    const std::string record = write_record(g, {{"seats", "ai:1 ai:1"}});
    if (std::string e = read_record(record, back, headers).message(); !e.empty())
        return "its record does not read back: " + e;
    if (back.position() != g.position() || back.result() != g.result() || back.ply() != g.ply())
        return "its record reads back as another game";
    ++tally.games;
    return {};
}

// The number of games asked for in HALMA_SOAK_GAMES, or the default.
int soak_games() {
    const char* env = std::getenv("HALMA_SOAK_GAMES");
    int n = env ? parse_count(env) : -1;
    return n > 0 ? n : kDefaultGames;
}

} // namespace

TEST_CASE("soak: AI-against-AI games across every variant, with undo/redo storms", "[soak]") {
    const std::vector<Rules> variants = fuzz::all_variants();
    const int games = soak_games();
    std::mt19937_64 rng(20261130);
    Tally tally;
    for (int i = 0; i < games; ++i) {
        // A stride prime to the number of variants, so a short run still spans them all.
        Rules rules = variants[(static_cast<std::size_t>(i) * 37) % variants.size()];
        rules.first = static_cast<int>(rng() % rules.players);
        const int limits[] = {20, 80, 250};
        rules.maxturns = limits[rng() % 3];
        const std::uint64_t seed = rng();
        INFO("game " << i << ": " << describe(rules) << "seed " << seed);
        CHECK(soak_game(rules, seed, tally) == "");
    }
    std::cout << "soak: " << tally.games << " games (" << tally.wins << " won, " << tally.draws
              << " drawn; " << tally.finishers << " players finished, " << tally.dropouts
              << " dropped out), " << tally.moves << " moves, " << tally.passes << " passes, "
              << tally.compared << " positions checked against the reference move generator, "
              << tally.storms << " undo/redo storms taking back " << tally.undone << " moves\n";
    CHECK(tally.games == games);
}
