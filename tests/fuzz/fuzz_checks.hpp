// The properties the fuzzers check, one function per target. Each takes raw input bytes and
// returns an empty string, or what went wrong. The libFuzzer targets (tests/fuzz/fuzz_*.cpp)
// abort on a non-empty answer; the Catch2 suite replays every kept crash input and seed
// through the same functions (tests/test_fuzz_regressions.cpp), so a fixed bug stays fixed.
#pragma once

#include "engine_protocol.hpp"
#include "halma.hpp"
#include "halma/ai.hpp"
#include "halma/solo/catalogue.hpp"
#include "halma/solo/scores.hpp"
#include "reference_moves.hpp"
#include "variants.hpp"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace halma::fuzz {

// The input as text.
[[nodiscard]] inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A protocol line as the engine reads it: one trailing carriage return dropped.
[[nodiscard]] inline std::string_view without_cr(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

// The first word of a line, as the protocol splits words at spaces and tabs.
[[nodiscard]] inline std::string_view first_word(std::string_view line) {
    std::size_t a = line.find_first_not_of(" \t");
    if (a == std::string_view::npos) return {};
    std::size_t b = line.find_first_of(" \t", a);
    return line.substr(a, b == std::string_view::npos ? b : b - a);
}

// The engine protocol over any input, with file commands off: every command line gets exactly
// one well-formed answer ("=" or "? ", ending with an empty line) until "quit".
[[nodiscard]] inline std::string check_protocol(std::string_view input) {
    std::size_t expected = 0;
    for (std::size_t start = 0; start < input.size();) {
        std::size_t nl = input.find('\n', start);
        std::string_view line = input.substr(start, nl == std::string_view::npos ? nl : nl - start);
        start = nl == std::string_view::npos ? input.size() : nl + 1;
        // Blank lines and lines starting with '#' get no answer; a line too long to read does.
        if (line.size() > kMaxEngineLine) {
            ++expected;
            continue;
        }
        std::string_view cmd = first_word(without_cr(line));
        if (cmd.empty() || cmd[0] == '#') continue;
        ++expected;
        if (cmd == "quit") break;
    }

    std::istringstream in{std::string(input)};
    std::ostringstream out;
    EngineLimits limits;
    limits.file_commands = false;
    limits.max_perft_depth = 2;
    limits.max_think_ms = 2; // genmove and hint must not eat the fuzzing time
    if (run_engine(in, out, limits) != 0) return "run_engine returned a non-zero status";

    const std::string text = out.str();
    std::size_t answers = 0;
    for (std::size_t start = 0; start < text.size();) {
        std::size_t end = text.find("\n\n", start);
        if (end == std::string::npos) return "an answer does not end with an empty line";
        std::string_view answer(text.data() + start, end - start + 1);
        if (!(answer.substr(0, 2) == "= " || answer == "=\n" || answer.substr(0, 2) == "? "))
            return "an answer starts with neither '=' nor '? ': " +
                   std::string(answer.substr(0, 60));
        ++answers;
        start = end + 2;
    }
    if (answers != expected)
        return std::to_string(expected) + " commands got " + std::to_string(answers) + " answers";
    return {};
}

// The position-string parser: a string it accepts writes back to itself (up to spacing), a
// string it rejects leaves the output alone, and an accepted position set up in a game of
// any fitting rules keeps the engine's invariants through every legal move.
[[nodiscard]] inline std::string check_position(std::string_view input) {
    if (input.empty()) return {};
    const int players = 2 + static_cast<unsigned char>(input[0]) % 3;
    input.remove_prefix(1);
    const Position sentinel(10);
    Position pos = sentinel;
    std::string err = parse_position(input, players, pos);
    if (!err.empty())
        return pos == sentinel ? std::string() : "a rejected string changed the output";
    if (!pos.is_ok()) return "an accepted position fails Position::is_ok";
    Position again(8);
    std::string text = position_string(pos);
    if (std::string e = parse_position(text, players, again); !e.empty())
        return "position_string wrote '" + text + "', which reads back as: " + e;
    if (again != pos || again.hash() != pos.hash()) return "the position does not read back equal";

    Rules rules = Rules::for_game(players, pos.size());
    if (rules.problem().empty()) {
        for (int longjumps = 0; longjumps < 2; ++longjumps) {
            rules.longjumps = longjumps;
            rules.spoil = longjumps ? Spoil::Swap : Spoil::Fill;
            Game game(rules);
            if (!game.setup(pos).empty()) continue;
            if (!game.is_ok()) return "a set-up game fails Game::is_ok";
            MoveList list;
            game.legal_moves(list);
            if (game.must_pass() != (list.empty() && !game.over()))
                return "must_pass disagrees with the legal move list";
            for (Move m : list) {
                if (!game.is_legal(m)) return "a listed move " + move_name(m) + " is not legal";
                ParsedMove pm = parse_move(game, chain_name(game.position(), m, rules.longjumps));
                if (pm.error.size() || pm.move != m)
                    return "the chain of " + move_name(m) + " does not read back: " + pm.error;
                const std::uint64_t hash = game.position().hash();
                game.make(m);
                if (!game.is_ok()) return "Game::is_ok fails after " + move_name(m);
                game.unmake();
                if (game.position() != pos || game.position().hash() != hash)
                    return "unmake of " + move_name(m) + " does not restore the position";
            }
        }
    }
    return {};
}

// A set-up game for the move-parser fuzzer, or a fresh one when text is empty.
[[nodiscard]] inline Game fuzz_game(const char* options, const char* position, int moves) {
    Options opts;
    std::istringstream words(options);
    for (std::string w; words >> w;) {
        std::size_t eq = w.find('=');
        opts.emplace_back(w.substr(0, eq), w.substr(eq + 1));
    }
    Rules rules;
    (void)rules_from_options(opts, rules);
    Game game(rules);
    Position pos;
    if (*position && parse_position(position, rules.players, pos).empty()) (void)game.setup(pos);
    for (int i = 0; i < moves && !game.over(); ++i) {
        MoveList list;
        game.legal_moves(list);
        game.make(list.empty() ? Move::pass() : list[(i * 7) % list.size()]);
    }
    return game;
}

// The games the move parser is fuzzed against: starts, middle games, swaps, long jumps,
// a forced pass and a finished game.
[[nodiscard]] inline const std::vector<Game>& fuzz_games() {
    static const std::vector<Game> games = {
        fuzz_game("", "", 0),
        fuzz_game("", "", 30),
        fuzz_game("size=8 longjumps=1", "", 12),
        fuzz_game("size=10 spoil=strict", "", 20),
        fuzz_game("players=3 longjumps=1", "", 25),
        fuzz_game("players=4 partners=opposite win=both", "", 40),
        fuzz_game("size=8 spoil=swap",
                  "....2222/...1.222/......22/.......2/......../......../......../........ 1", 0),
        fuzz_game("size=8",
                  "......../......../......../......../......../2.2...../22....../122..... 1", 0),
        fuzz_game("size=8",
                  "....1111/.....111/......11/.......1/......../......../......../........ 2", 0),
        fuzz_game("size=8 longjumps=1",
                  "......../......../....2.../......../..2...../......../2.1...../........ 1", 0),
    };
    return games;
}

// The move parser against one of fuzz_games() (chosen by the first byte): a move it accepts
// is legal and plays, and the name of every legal move is accepted as that move.
[[nodiscard]] inline std::string check_move(std::string_view input) {
    if (input.empty()) return {};
    const auto& games = fuzz_games();
    const Game& game = games[static_cast<unsigned char>(input[0]) % games.size()];
    input.remove_prefix(1);
    ParsedMove pm = parse_move(game, input);
    MoveList list;
    game.legal_moves(list);
    for (Move m : list)
        if (input == move_name(m) && (pm.error.size() || pm.move != m))
            return "the legal move " + move_name(m) + " is refused: " + pm.error;
    if (input == "pass" && game.must_pass() && pm.error.size())
        return "a forced pass is refused: " + pm.error;
    if (pm.error.size()) return {};
    if (!game.is_legal(pm.move)) return "parse_move accepted an illegal move " + move_name(pm.move);
    Game next = game;
    if (!next.play(pm.move)) return "an accepted move does not play";
    if (!next.is_ok()) return "Game::is_ok fails after " + move_name(pm.move);
    return {};
}

// The game-record reader: a rejected record names its line and changes nothing; an accepted
// one is a game that keeps its invariants and writes back to a record that reads back the same.
[[nodiscard]] inline std::string check_record(std::string_view input) {
    Game game = fuzz_games()[1];
    const Game before = game;
    Options headers = {{"kept", "yes"}};
    const Options headers_before = headers;
    TextError err = read_record(input, game, headers);
    if (err.failed()) {
        if (err.line <= 0) return "an error that names no line: " + err.message();
        if (game.position() != before.position() || game.ply() != before.ply() ||
            headers != headers_before)
            return "a rejected record changed the game or the headers";
        return {};
    }
    if (!game.is_ok()) return "a read game fails Game::is_ok";
    const std::string text = write_record(game, headers);
    Game again;
    Options headers_again;
    if (TextError e = read_record(text, again, headers_again); e.failed())
        return "the written record does not read back: " + e.message() + "\n" + text;
    if (again.position() != game.position() || again.result() != game.result() ||
        again.ply() != game.ply() || headers_again != headers ||
        again.rules().first != game.rules().first)
        return "the written record reads back as another game:\n" + text;
    if (write_record(again, headers_again) != text) return "writing the record twice differs";
    return {};
}

// A game of any variant (the first two bytes choose it) played by the input: each further
// byte, up to kGamePlies of them, picks a legal move by index, or 255 takes one back. At every step
// the engine's legal moves must equal those of the reference generator, its invariants hold, and an
// undo restore the position exactly.
constexpr std::size_t kGamePlies = 100;
[[nodiscard]] inline std::string check_game(std::string_view input) {
    if (input.size() < 2) return {};
    input = input.substr(0, 2 + kGamePlies);
    static const std::vector<Rules> variants = all_variants();
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(input[i]); };
    Rules rules = variants[(byte(0) * 256 + byte(1)) % variants.size()];
    rules.first = byte(0) % rules.players;
    rules.maxturns = byte(1) % 4 == 0 ? 0 : byte(1) % 64;
    Game game(rules);
    std::vector<Position> seen = {game.position()};
    MoveList list;
    for (std::size_t i = 2; i < input.size(); ++i) {
        if (std::string e = reference::compare(game); !e.empty()) return e;
        if (byte(i) == 255) {
            if (!game.undo()) continue;
            seen.pop_back();
            if (game.position() != seen.back() || !game.is_ok())
                return "undo does not restore the position before the move";
            continue;
        }
        if (game.over()) break;
        game.legal_moves(list);
        Move m = list.empty() ? Move::pass() : list[byte(i) % list.size()];
        if (!game.play(m)) return "a listed move " + move_name(m) + " does not play";
        if (!game.is_ok()) return "Game::is_ok fails after " + move_name(m);
        seen.push_back(game.position());
    }
    return {};
}

// The scores-file reader: a rejected file names its line and changes nothing; an accepted one
// writes back to a file that reads back the same, and every line of a built-in puzzle replays
// (or says why not) without harm.
[[nodiscard]] inline std::string check_scores(std::string_view input) {
    const std::vector<solo::Score> before = {{"crossing", 1, "2026-01-01", {"a1-a2"}, false}};
    std::vector<solo::Score> scores = before;
    const TextError err = solo::read_scores(input, scores);
    if (err.failed()) {
        if (err.line <= 0) return "an error that names no line: " + err.message();
        if (scores.size() != 1 || scores[0].puzzle != "crossing" || scores[0].moves != 1)
            return "a rejected file changed the scores";
        return {};
    }
    const std::string text = solo::write_scores(scores);
    std::vector<solo::Score> again;
    if (TextError e = solo::read_scores(text, again); e.failed())
        return "the written file does not read back: " + e.message() + "\n" + text;
    if (solo::write_scores(again) != text || again.size() != scores.size())
        return "the written file reads back as other scores:\n" + text;
    for (const solo::Score& s : scores) {
        Puzzle p;
        Bitboard figure;
        if (solo::builtin_puzzle(s.puzzle, p) && solo::verify_score(p, s, &figure).empty() &&
            !goal_met(p, figure))
            return "a score that replays ends off the goal: " + s.puzzle;
    }
    return {};
}

} // namespace halma::fuzz
