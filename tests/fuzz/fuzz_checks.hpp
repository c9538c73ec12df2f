// The properties the fuzzers check, one function per target. Each takes raw input bytes and
// returns an empty string, or what went wrong. The libFuzzer targets (tests/fuzz/fuzz_*.cpp)
// abort on a non-empty answer; the Catch2 suite replays every kept crash input and seed
// through the same functions (tests/test_fuzz_regressions.cpp), so a fixed bug stays fixed.
#pragma once

#include "club/seek.hpp"
#include "club/table_chat.hpp"
#include "door/door.hpp"
#include "files/learned.hpp"
#include "files/record_file.hpp"
#include "halma.hpp"
#include "halma/ai.hpp"
#include "halma/solo/catalogue.hpp"
#include "halma/solo/scores.hpp"
#include "net/relay.hpp"
#include "net/wire.hpp"
#include "play/clocks.hpp"
#include "play/keys.hpp"
#include "play/prompt.hpp"
#include "protocol/session.hpp"
#include "reference_moves.hpp"
#include "settings/command_line.hpp"
#include "store/dump.hpp"
#include "think/analysis.hpp"
#include "think/kept_analysis.hpp"
#include "think/race.hpp"
#include "tourney/words.hpp"
#include "variants.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace halma::fuzz {

using files::load_puzzle;
using files::read_game_text;
using protocol::EngineLimits;
using protocol::kMaxEngineLine;
using protocol::run_engine;

// The input as text.
[[nodiscard]] inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// The body of every libFuzzer target: runs one input through a check and stops the fuzzer,
// naming the target and the problem, when the check reports one.
inline int run_target(const char* target, std::string (*check)(std::string_view),
                      const std::uint8_t* data, std::size_t size) {
    const std::string problem = check(as_text(data, size));
    if (!problem.empty()) {
        std::fprintf(stderr, "%s: %s\n", target, problem.c_str());
        std::abort();
    }
    return 0;
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
    limits.race_nodes = 500; // nor race and analyse
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

// Whether two puzzles agree in every field the puzzle format holds.
[[nodiscard]] inline bool same_puzzle(const Puzzle& a, const Puzzle& b) {
    return a.name == b.name && a.title == b.title && a.size == b.size && a.start == b.start &&
           a.goal == b.goal && a.goal_squares == b.goal_squares && a.empty == b.empty &&
           a.camp_rule == b.camp_rule && a.longjumps == b.longjumps && a.limit == b.limit &&
           a.par == b.par;
}

// How two games differ as a record tells them (rules or puzzle, start, moves, result), or "".
[[nodiscard]] inline std::string game_difference(const Game& a, const Game& b) {
    if (!a.puzzle() != !b.puzzle()) return "one is a puzzle and the other is not";
    if (a.puzzle() && !same_puzzle(*a.puzzle(), *b.puzzle())) return "the puzzles differ";
    if (options_of(a.rules()) != options_of(b.rules())) return "the rules differ";
    if (a.from_setup() != b.from_setup() || a.initial() != b.initial()) return "the starts differ";
    if (a.ply() != b.ply()) return "the numbers of moves differ";
    for (std::size_t i = 0; i < a.ply(); ++i)
        if (a.move_at(i) != b.move_at(i)) return "move " + std::to_string(i + 1) + " differs";
    if (a.position() != b.position() || a.result() != b.result()) return "the ends differ";
    return {};
}

// A game read from a text: it keeps its invariants, and its record reads back as the same
// game with the same headers and writes again the same.
[[nodiscard]] inline std::string check_read_game(const Game& game, const Options& headers) {
    if (!game.is_ok()) return "a read game fails Game::is_ok";
    const std::string text = write_record(game, headers);
    Game again;
    Options headers_again;
    if (TextError e = read_record(text, again, headers_again); e.failed())
        return "the written record does not read back: " + e.message() + "\n" + text;
    if (std::string diff = game_difference(game, again); !diff.empty() || headers_again != headers)
        return "the written record reads back as another game (" + diff + "):\n" + text;
    if (write_record(again, headers_again) != text) return "writing the record twice differs";
    return {};
}

// A reader of a game's text over any input: a rejected text names its line (or, when
// key_alone is set, the key it lacks) and changes nothing; an accepted one passes
// check_read_game().
template <class Reader>
[[nodiscard]] std::string check_game_reader(std::string_view input, Reader read, bool key_alone) {
    Game game = fuzz_games()[1];
    const Game before = game;
    Options headers = {{"kept", "yes"}};
    const Options headers_before = headers;
    TextError err = read(input, game, headers);
    if (err.failed()) {
        if (err.line <= 0 && (err.key.empty() || !key_alone))
            return "an error that names no line: " + err.message();
        if (!game_difference(game, before).empty() || headers != headers_before)
            return "a rejected text changed the game or the headers";
        return {};
    }
    // The race meter and the analysis take any game read, on a small budget.
    if (!game.puzzle()) {
        if (think::race_estimates(game, 300).size() != static_cast<std::size_t>(game.players()))
            return "the race meter does not give a figure for every seat";
        if (think::analyse(game, 300).size() != game.ply())
            return "the analysis does not price every move";
    }
    return check_read_game(game, headers);
}

// The seats' times a record's "clock" header holds: taken whole (they write back as read
// once more) or refused with the clocks left at zero.
[[nodiscard]] inline std::string check_clock_header(std::string_view input) {
    Game game;
    Options headers;
    if (read_game_text(input, game, headers).failed()) return {};
    const std::string value = header_value(headers, "clock");
    const play::SeatClocks::Clock::time_point now{};
    play::SeatClocks clocks;
    clocks.reset(game.players());
    const std::string zero = clocks.header(now);
    if (!clocks.read_header(value, game.players()))
        return clocks.header(now) == zero ? "" : "a refused clock header changed the clocks";
    play::SeatClocks again;
    again.reset(game.players());
    if (!again.read_header(clocks.header(now), game.players()) ||
        again.header(now) != clocks.header(now))
        return "the clock header '" + value + "' does not write back as it reads";
    return {};
}

// The game-record reader, and the file reader behind --load, :load, --resume, --review, the
// saves listing and the protocol's load, which tells a bare puzzle file (whose error may name
// a missing key alone) from a record of a game or a puzzle; and the clock header it keeps.
// The table chat a club record keeps: each line read is one line of text with its speaker.
[[nodiscard]] inline std::string check_said_lines(std::string_view input) {
    for (const std::string& line : club::said_in_record(input))
        if (has_control_character(line) || line.find(": ") == std::string::npos ||
            line.rfind(": ", 0) == 0)
            return "said_in_record: a line without its speaker: " + line;
    return {};
}

// The analysis a record keeps: refused with a message saying it is made again, or taken
// whole, when it writes back the same lines and reads back as taken.
[[nodiscard]] inline std::string check_kept_analysis(std::string_view input) {
    Game game;
    Options headers;
    if (read_record(input, game, headers).failed()) return {};
    think::Analysis kept;
    const think::KeptRead r = think::read_kept_analysis(input, game, kept);
    if (r.kept == think::Kept::None || r.kept == think::Kept::Used) {
        if (!r.why.empty()) return "read_kept_analysis: a message with none refused: " + r.why;
    } else if (r.why.find("analysing again") == std::string::npos || has_control_character(r.why)) {
        return "read_kept_analysis: a refusal that does not say so: " + r.why;
    }
    if (r.kept != think::Kept::Used)
        return kept.moves() == 0 ? "" : "read_kept_analysis: refused, yet taken";
    if (!kept.complete() || kept.moves() != static_cast<int>(game.ply()))
        return "read_kept_analysis: taken, not whole";
    const std::string lines = think::analysis_comments(game, kept);
    const std::string again = think::without_analysis(input) + lines;
    think::Analysis back;
    if (think::read_kept_analysis(again, game, back).kept != think::Kept::Used ||
        think::analysis_comments(game, back) != lines)
        return "read_kept_analysis: the analysis written back reads otherwise";
    return {};
}

// The learned file: a game's puzzle solved is there after, with what else was there for it.
[[nodiscard]] inline std::string check_learned(std::string_view input) {
    constexpr std::string_view key = "0123456789abcdef";
    std::vector<int> want = files::solved_moves(input, key);
    const std::string text = files::with_solved(input, key, 5);
    if (std::find(want.begin(), want.end(), 5) == want.end()) want.push_back(5);
    std::sort(want.begin(), want.end());
    if (files::solved_moves(text, key) != want) return "with_solved: the moves solved changed";
    for (LineReader reader(text); reader.next();)
        if (has_control_character(reader.line()) ||
            reader.line().find('\r') != std::string_view::npos)
            return "with_solved: a control character written";
    return {};
}

[[nodiscard]] inline std::string check_record(std::string_view input) {
    if (std::string e = check_game_reader(input, read_record, false); !e.empty())
        return "read_record: " + e;
    if (std::string e = check_game_reader(input, read_game_text, true); !e.empty())
        return "read_game_text: " + e;
    if (std::string e = check_said_lines(input); !e.empty()) return e;
    if (std::string e = check_kept_analysis(input); !e.empty()) return e;
    if (std::string e = check_learned(input); !e.empty()) return e;
    return check_clock_header(input);
}

// A puzzle that stands in an output a reader must leave alone.
[[nodiscard]] inline Puzzle sentinel_puzzle() {
    Puzzle p;
    p.name = "kept";
    p.size = 8;
    p.start.set(make_square(0, 0));
    p.goal_squares.set(make_square(7, 7));
    return p;
}

// A puzzle as written: it reads back as the same puzzle and writes again the same.
[[nodiscard]] inline std::string check_written_puzzle(const Puzzle& p) {
    const std::string text = write_puzzle(p);
    Puzzle again;
    if (TextError e = read_puzzle(text, again); e.failed())
        return "the written puzzle does not read back: " + e.message() + "\n" + text;
    if (!same_puzzle(again, p)) return "the written puzzle reads back as another:\n" + text;
    if (write_puzzle(again) != text) return "writing the puzzle twice differs";
    return {};
}

// The most moves check_puzzle() plays in a puzzle.
constexpr std::size_t kPuzzlePlies = 24;

// A game of a puzzle played by moves the input's bytes choose: it keeps its invariants, is
// solved exactly when the goal holds, stays within the move limit, and is over exactly when
// no move is left.
[[nodiscard]] inline std::string check_puzzle_play(const Puzzle& p, std::string_view input) {
    Game game(p);
    MoveList list;
    for (std::size_t i = 0;; ++i) {
        if (!game.is_ok()) return "Game::is_ok fails after " + std::to_string(i) + " moves";
        if ((game.result().outcome == Outcome::Won) != goal_met(p, game.position().pieces(0)))
            return "the puzzle is solved without its goal, or not solved with it";
        if (p.limit > 0 && game.ply() > static_cast<std::size_t>(p.limit))
            return "the puzzle goes on past its move limit";
        game.legal_moves(list);
        if (game.over() != list.empty())
            return "the puzzle is over with moves left, or not over without";
        if (game.over() || i == kPuzzlePlies || input.empty()) return {};
        const auto pick = static_cast<unsigned char>(input[i % input.size()]) + 31 * i;
        if (Move m = list[pick % list.size()]; !game.play(m))
            return "a listed move " + move_name(m) + " does not play";
    }
}

// The puzzle-file reader: a rejected file names its line (or the key it lacks) and changes
// nothing; an accepted puzzle writes back and reads back the same, plays by its rules
// (check_puzzle_play), and is taken by read_game_text as that puzzle from its start.
[[nodiscard]] inline std::string check_puzzle(std::string_view input) {
    Puzzle p = sentinel_puzzle();
    if (TextError err = read_puzzle(input, p); err.failed()) {
        if (err.line <= 0 && err.key.empty())
            return "an error that names neither a line nor a key: " + err.message();
        if (!same_puzzle(p, sentinel_puzzle())) return "a rejected puzzle changed the output";
    } else {
        if (std::string e = check_written_puzzle(p); !e.empty()) return e;
        if (std::string e = check_puzzle_play(p, input); !e.empty()) return e;
        Game game;
        Options headers;
        if (TextError e = read_game_text(input, game, headers); e.failed())
            return "read_game_text refuses a puzzle file: " + e.message();
        if (!game.puzzle() || !same_puzzle(*game.puzzle(), p) || game.ply() || game.from_setup())
            return "read_game_text does not start the puzzle of a puzzle file";
    }
    if (std::string e = check_game_reader(input, read_game_text, true); !e.empty())
        return "read_game_text: " + e;
    return {};
}

// The best-scores reader: a rejected file names its line and leaves the scores alone; accepted
// scores write back to a file that reads back and writes again the same. The replay the front
// end makes of a built-in puzzle's score runs too, for the sanitizers to watch.
[[nodiscard]] inline std::string check_scores(std::string_view input) {
    const std::vector<solo::Score> kept = {{"kept", 1, "2026-01-01", {"a1-a2"}}};
    std::vector<solo::Score> scores = kept;
    if (TextError err = solo::read_scores(input, scores); err.failed()) {
        if (err.line <= 0) return "an error that names no line: " + err.message();
        if (solo::write_scores(scores) != solo::write_scores(kept))
            return "a rejected file changed the scores";
        return {};
    }
    const std::string text = solo::write_scores(scores);
    std::vector<solo::Score> again;
    if (TextError e = solo::read_scores(text, again); e.failed())
        return "the written scores do not read back: " + e.message() + "\n" + text;
    if (solo::write_scores(again) != text)
        return "the written scores read back as others:\n" + text;
    for (const solo::Score& s : scores)
        if (Puzzle p; solo::builtin_puzzle(s.puzzle, p)) (void)solo::verify_score(p, s);
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

// Whether a message is one line a terminal shows as it is: not empty, no control character.
[[nodiscard]] inline bool printable_line(std::string_view message) {
    for (char c : message)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return false;
    return !message.empty();
}

// The command line as main reads it: argv is "halma", then the input's parts between NUL
// bytes (the one byte an argument cannot hold). Every answer of parse_command_line and
// finish_config is empty or one printable line; a refused command line changes nothing; an
// accepted one gives rules without a problem, one seat per player at a level the AI has, and
// a puzzle that loads. Inputs with a '/' are skipped: --solo reads the file it names, and the
// fuzzer must not read the machine's files (the file readers have targets of their own).
[[nodiscard]] inline std::string check_command_line(std::string_view input) {
    std::vector<std::string> words = {"halma"};
    if (!input.empty())
        for (std::string_view w : split_on(input, '\0')) words.emplace_back(w);
    std::vector<const char*> argv;
    for (const std::string& w : words) {
        if (w.find('/') != std::string::npos) return {};
        argv.push_back(w.c_str());
    }
    argv.push_back(nullptr);
    settings::Config cfg;
    cfg.load_path = "kept";
    std::string err =
        settings::parse_command_line(static_cast<int>(words.size()), argv.data(), cfg);
    if (!err.empty()) {
        if (!printable_line(err)) return "parse_command_line's message is not one line: " + err;
        if (cfg.load_path != "kept") return "a refused command line changed the config";
        return {};
    }
    if (err = settings::finish_config(cfg); !err.empty())
        return printable_line(err) ? "" : "finish_config's message is not one line: " + err;
    if (std::string problem = cfg.rules.problem(); !problem.empty())
        return "an accepted command line gives rules with a problem: " + problem;
    if (static_cast<int>(cfg.seats.size()) != cfg.rules.players)
        return std::to_string(cfg.seats.size()) + " seats for " +
               std::to_string(cfg.rules.players) + " players";
    for (const settings::SeatSpec& seat : cfg.seats)
        if (seat.level < ai::kMinLevel || seat.level > ai::kMaxLevel)
            return "a seat at AI level " + std::to_string(seat.level);
    if (Puzzle p; !cfg.solo.empty() && load_puzzle(cfg.solo, p).failed())
        return "an accepted --solo names no puzzle: " + cfg.solo;
    return {};
}

// A built-in puzzle after the given moves, then `more` moves picked as fuzz_game() picks them.
[[nodiscard]] inline Game fuzz_puzzle_game(const char* name, const char* moves, int more) {
    Puzzle p;
    (void)solo::builtin_puzzle(name, p);
    Game game(p);
    for (std::string_view text : split_words(moves))
        if (ParsedMove pm = parse_move(game, text); pm.error.empty()) game.make(pm.move);
    MoveList list;
    for (int i = 0; i < more && !game.over(); ++i) {
        game.legal_moves(list);
        game.make(list[(i * 7) % list.size()]);
    }
    return game;
}

// A best solution of crossing-8x8, in 18 moves.
inline constexpr const char* kCrossing8x8Solution =
    "b1-d3 b2-d2-d4 a3-b4 a1-a3-c3-e5 a2-c4-e4-e6 c1-c3-a3-c5 b3-b5-d5-f7 d1-b3-b5-d5-f5 "
    "a4-c4-e4-g6-e8 c2-e4-g6 b4-d6-f6-h6 f5-h7-h5 d3-d5-f5-h7 d4-f6-f8 e5-e7-g7 c5-d6 d6-f6-h8 "
    "e6-g8";

// The games the ':' prompt is fuzzed against: those of fuzz_games(), and puzzles at their
// start, in play, solved, and failed at their move limit.
[[nodiscard]] inline const std::vector<Game>& prompt_games() {
    static const std::vector<Game> games = [] {
        std::vector<Game> out = fuzz_games();
        out.push_back(fuzz_puzzle_game("crossing-8x8", "", 0));
        out.push_back(fuzz_puzzle_game("crossing-8x8", "b1-d3 b2-d2-d4 a3-b4", 0));
        out.push_back(fuzz_puzzle_game("crossing-8x8", kCrossing8x8Solution, 0));
        out.push_back(fuzz_puzzle_game("crossing-10x10", "", 9));
        out.push_back(fuzz_puzzle_game("symmetry", "", 6));
        out.push_back(fuzz_puzzle_game("symmetry", "", 19));
        return out;
    }();
    return games;
}

// Key codes as curses gives them, above every byte the input can hold.
inline constexpr play::KeyCodes kCursesKeys = {259, 258, 260, 261, 343, 263, 348, 349, 351, 352};

// One ':' prompt line read as a command: only a blank line (spaces, tabs, line and page
// breaks) is empty, and a move's text either plays legally (its squares running from the
// move's start to its end, as the board marks them) or is refused with a reason the status
// line can show.
[[nodiscard]] inline std::string check_prompt_line(const Game& game, const std::string& line) {
    using K = play::Command::Kind;
    const play::Command c = play::parse_command(line);
    if ((c.kind == K::Empty) != (line.find_first_not_of(" \t\n\v\f\r") == std::string::npos))
        return "a blank line is not an empty command, or a word is";
    if (c.kind != K::Move) return {};
    if (c.arg.empty() || c.arg.find(' ') != std::string::npos)
        return "a move's text is empty or holds a space: '" + c.arg + "'";
    const ParsedMove pm = parse_move(game, c.arg);
    if (!pm.error.empty())
        return printable_line(line) && !printable_line(pm.error)
                   ? "a refusal the status line cannot show: " + pm.error
                   : "";
    if (!game.is_legal(pm.move)) return "parse_move accepted an illegal move " + c.arg;
    Game next = game;
    if (!next.play(pm.move) || !next.is_ok()) return "the accepted move " + c.arg + " fails";
    if (pm.move.is_pass()) return {};
    const std::vector<int> path = parse_squares(c.arg, game.position().size());
    if (path.empty() || path.front() != pm.move.from() || path.back() != pm.move.to())
        return "the squares of " + c.arg + " do not run from the move's start to its end";
    return {};
}

// Whether the line editor holds what it may: at most kMaxBytes of well-formed UTF-8 without
// control characters.
[[nodiscard]] inline bool prompt_well_formed(const play::LineEdit& edit) {
    return edit.text().size() <= play::LineEdit::kMaxBytes &&
           (edit.text().empty() || printable_line(edit.text())) && is_utf8(edit.text());
}

// The ':' prompt against one of prompt_games() (chosen by the first byte): the further bytes
// are keys typed into the prompt's line editor, line after line (Enter runs one, Up and Down,
// typed as Ctrl-P and Ctrl-N, bring lines back, Tab completes), which always holds a well-formed
// line that passes check_prompt_line(); so does the input itself as a line of any bytes.
[[nodiscard]] inline std::string check_prompt(std::string_view input) {
    if (input.empty()) return {};
    const auto& games = prompt_games();
    const Game& game = games[static_cast<unsigned char>(input[0]) % games.size()];
    input.remove_prefix(1);
    play::LineEdit edit;
    const std::vector<std::string> names = {"friday", "final", "mine"};
    for (char key : input) {
        using S = play::LineEdit::State;
        // Ctrl-P and Ctrl-N stand for the arrow keys, which no byte is.
        int code = static_cast<unsigned char>(key);
        code = code == 16 ? kCursesKeys.up : code == 14 ? kCursesKeys.down : code;
        const S state = edit.key(code, kCursesKeys);
        if (state == S::Complete) edit.set_text(play::complete_line(edit.text(), names).line);
        if (!prompt_well_formed(edit))
            return "the prompt holds more than its bytes, a control character or broken UTF-8";
        if (state == S::Done)
            if (std::string e = check_prompt_line(game, edit.text()); !e.empty()) return e;
        if (state == S::Done || state == S::Cancelled) edit.reset();
    }
    if (std::string e = check_prompt_line(game, edit.text()); !e.empty()) return e;
    return check_prompt_line(game, std::string(input));
}

// What a wire Decoder makes of some bytes: its messages and errors, in order.
struct WireRun {
    std::vector<net::Message> messages;
    std::vector<std::string> errors; // a verb of the wrong side is "! " and the error
    std::string problem;             // a bound broken on the way
};

// Feeds input to a decoder reading from `from` in pieces of `piece` bytes, draining it after
// each. What it holds stays under a line and a piece, and a record besides from a host.
[[nodiscard]] inline WireRun decode_wire(std::string_view input, net::From from,
                                         std::size_t max_line, std::size_t piece) {
    WireRun run;
    net::Decoder decoder(from, max_line);
    const std::size_t bound = max_line + piece + (from == net::From::Host ? kMaxRecordBytes : 0);
    for (std::size_t at = 0; at < input.size(); at += piece) {
        decoder.feed(input.substr(at, piece));
        net::Message m;
        std::string error;
        for (net::Decoder::Got got; (got = decoder.next(m, error)) != net::Decoder::Got::Nothing;)
            if (got == net::Decoder::Got::Message)
                run.messages.push_back(m);
            else
                run.errors.push_back((got == net::Decoder::Got::WrongSide ? "! " : "") + error);
        if (decoder.pending() > bound && run.problem.empty())
            run.problem = "the decoder keeps " + std::to_string(decoder.pending()) +
                          " bytes with lines bounded at " + std::to_string(max_line);
    }
    return run;
}

// The wire parser and writer: the first byte picks the line bound (tiny, small or the real
// one; byte % 3) and the side the bytes come from (a host for byte % 6 below 3, else a
// client); the rest is what a peer sent. Decoding does not depend on how the bytes are cut
// up; the decoder holds no more than a line (and a record, from a host); only the sending
// side's verbs come out, a verb of the other side being refused; every message read writes
// back as lines within the bounds, free of control characters, that read back as the same
// message; free text holds no character that turns the direction of text.
[[nodiscard]] inline std::string check_wire(std::string_view input) {
    if (input.empty()) return {};
    const std::size_t bounds[] = {24, 200, net::kMaxLine};
    const auto first = static_cast<unsigned char>(input[0]);
    const std::size_t max_line = bounds[first % 3];
    const net::From from = first % 6 < 3 ? net::From::Host : net::From::Client;
    input.remove_prefix(1);
    const WireRun whole = decode_wire(input, from, max_line, input.size() + 1);
    if (!whole.problem.empty()) return whole.problem;
    const WireRun bytes = decode_wire(input, from, max_line, input.size() < 4096 ? 1 : 97);
    if (!bytes.problem.empty()) return bytes.problem;
    if (bytes.messages != whole.messages || bytes.errors != whole.errors)
        return "decoding depends on how the input is cut into reads";
    for (const std::string& e : whole.errors)
        if (e.rfind("! ", 0) == 0 &&
            e.find(from == net::From::Client ? "sent by a host" : "sent by a client") ==
                std::string::npos)
            return "a refused verb is not said to be the other side's: " + e;
    for (const net::Message& m : whole.messages) {
        if (net::client_verb(m.verb) != (from == net::From::Client))
            return "a verb of the other side came out: " + net::write_message(m).substr(0, 200);
        const std::string line = net::write_message(m);
        if (line.empty() || line.back() != '\n') return "a written message does not end a line";
        for (std::size_t start = 0; start < line.size();) {
            const std::size_t nl = line.find('\n', start);
            if (nl - start > net::kMaxLine) return "a written line is over the bound: " + line;
            if (has_control_character(std::string_view(line).substr(start, nl - start)))
                return "a written line holds a control character";
            start = nl + 1;
        }
        const WireRun again = decode_wire(line, from, net::kMaxLine, line.size());
        if (again.messages.size() != 1 || !again.errors.empty())
            return "a written message does not read back as one: " + line.substr(0, 200);
        if (again.messages[0] != m) return "a message reads back changed: " + line.substr(0, 200);
        if ((m.verb == net::Verb::Say || m.verb == net::Verb::Chat) && m.text.size() > net::kMaxSay)
            return "a chat line longer than the bound";
        for (const char* turn : {"\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c",
                                 "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"})
            if (m.verb != net::Verb::Record && line.find(turn) != std::string::npos)
                return "free text keeps a character that turns the text: " + line.substr(0, 200);
    }
    return {};
}

// A line one server of a club told the others (net/wire.hpp's Share verbs, carried by the
// store's notifications): a refusal is one printable line and leaves the message alone; an
// accepted line is a Share verb's, never one a socket takes (parse_message calls it unknown),
// and writes back as one bounded line free of control characters that reads back the same.
[[nodiscard]] inline std::string check_share(std::string_view input) {
    net::Message m = net::with_text(net::Verb::Leaving, "untouched");
    const net::Message before = m;
    const std::string e = net::read_share_line(input, m);
    if (!e.empty()) {
        if (e.find('\n') != std::string::npos || has_control_character(e))
            return "a refusal that is not one printable line: " + e;
        if (m != before) return "a refused line changed the message";
        return {};
    }
    if (m.verb < net::Verb::ShareGame) return "a share line read as a socket's verb";
    if (net::client_verb(m.verb)) return "a share line read as a client's verb";
    net::Message socket;
    if (net::parse_message(input, socket).empty() && socket.verb >= net::Verb::ShareGame)
        return "a socket's line read as a share line";
    const std::string line = net::share_line(m);
    if (line.size() > net::kMaxShareLine) return "a written share line is over the bound";
    if (line.find('\n') != std::string::npos || has_control_character(line))
        return "a written share line holds a control character: " + line.substr(0, 200);
    net::Message again;
    if (std::string why = net::read_share_line(line, again); !why.empty())
        return "a share line's own words are refused (" + why + "): " + line.substr(0, 200);
    if (again != m) return "a share line reads back changed: " + line.substr(0, 200);
    if (net::share_line(again) != line) return "a share line writes back changed";
    return {};
}

// The words of a seek (net/seek.hpp): a refusal is one printable line and leaves the seek
// as it was; an accepted seek has rules without a problem, invites fewer players than it has
// other seats, and its words written back read back the same.
[[nodiscard]] inline std::string check_seek(std::string_view input) {
    club::Seek seek;
    const std::string untouched = club::seek_text(seek);
    const std::string e = club::parse_seek(input, seek);
    if (!e.empty()) {
        if (e.find('\n') != std::string::npos || has_control_character(e))
            return "a refusal that is not one printable line: " + e;
        if (club::seek_text(seek) != untouched) return "a refused seek changed the seek";
        return {};
    }
    if (!seek.rules.problem().empty()) return "accepted rules with a problem";
    if (static_cast<int>(seek.invited.size()) >= seek.rules.players) return "too many invited";
    club::Seek again;
    if (!club::parse_seek(club::seek_text(seek), again).empty())
        return "a seek's own words are refused: " + club::seek_text(seek);
    if (club::seek_text(again) != club::seek_text(seek) || again.rated != seek.rated ||
        !(again.pace == seek.pace))
        return "a seek reads back changed: " + club::seek_text(seek);
    return {};
}

// A tournament's words (tourney/words.hpp): a refusal is one printable line and changes
// nothing; an accepted command has a description the tournament can play (tables of 2 to 4,
// round robin for two, a Swiss's rounds within bounds, rules without a problem), and its
// words written back read back as the same command.
[[nodiscard]] inline std::string check_tourney(std::string_view input) {
    tourney::Command command;
    const std::string untouched = tourney::command_text(command);
    const std::string e = tourney::parse_command(input, command);
    if (!e.empty()) {
        if (e.find('\n') != std::string::npos || has_control_character(e))
            return "a refusal that is not one printable line: " + e;
        if (tourney::command_text(command) != untouched) return "a refused command changed it";
        return {};
    }
    if (command.verb == tourney::Verb::New) {
        const tourney::Description& d = command.description;
        if (!d.game.rules.problem().empty()) return "accepted rules with a problem";
        if (d.table_size() < 2 || d.table_size() > 4)
            return "a table of " + std::to_string(d.table_size());
        if (d.system == tourney::System::Robin && (d.table_size() != 2 || d.rounds != 0))
            return "a round robin of tables or with rounds";
        if (d.system == tourney::System::Swiss && (d.rounds < 1 || d.rounds > tourney::kMaxRounds))
            return "a Swiss without its rounds";
        if (!d.game.invited.empty()) return "a tournament's game invites players";
    }
    tourney::Command again;
    const std::string text = tourney::command_text(command);
    if (std::string e2 = tourney::parse_command(text, again); !e2.empty())
        return "a command's own words are refused: " + text + ": " + e2;
    if (tourney::command_text(again) != text) return "a command reads back changed: " + text;
    return {};
}

// A club's dump (store/dump.hpp): a refusal is one printable line naming a line and leaves
// the dump alone; an accepted dump has every table with rows of its columns, and writes back
// as text that reads back as the same dump.
[[nodiscard]] inline std::string check_dump(std::string_view input) {
    club::Dump dump;
    dump.tables = {{{{std::string("untouched")}}}};
    const club::Dump before = dump;
    const std::string e = club::read_dump(input, dump);
    if (!e.empty()) {
        if (e.find('\n') != std::string::npos || has_control_character(e))
            return "a refusal that is not one printable line: " + e;
        if (e.rfind("line ", 0) != 0 && e != "the dump is empty")
            return "a refusal naming no line: " + e;
        if (dump.tables != before.tables) return "a refused dump changed the dump";
        return {};
    }
    const auto& schema = club::dump_schema();
    if (dump.tables.size() != schema.size()) return "an accepted dump lacks tables";
    for (std::size_t t = 0; t < schema.size(); ++t)
        for (const auto& row : dump.tables[t])
            if (row.size() != schema[t].columns.size()) return "a row of the wrong width";
    club::Dump again;
    const std::string text = club::write_dump(dump);
    if (const std::string e2 = club::read_dump(text, again); !e2.empty())
        return "a dump's own text is refused: " + e2;
    if (again.tables != dump.tables) return "a dump reads back changed";
    if (club::write_dump(again) != text) return "a dump writes back changed";
    return {};
}

// The limits of accepted door settings against the text: each the last value its key was
// given on a line of its own, or its default.
[[nodiscard]] inline std::string check_door_limits(std::string_view text,
                                                   const club::DoorLimits& got) {
    const club::DoorLimits defaults;
    const std::pair<const char*, std::pair<int, int>> limits[] = {
        {club::kNewPlayersPerHour, {got.new_players_per_hour, defaults.new_players_per_hour}},
        {club::kNewPlayersPerAddress,
         {got.new_players_per_address, defaults.new_players_per_address}},
        {club::kSeeksPerPlayer, {got.seeks_per_player, defaults.seeks_per_player}},
        {club::kGamesPerPlayer, {got.games_per_player, defaults.games_per_player}},
        {club::kComputerGamesPerPlayer,
         {got.computer_games_per_player, defaults.computer_games_per_player}}};
    for (const auto& [key, values] : limits) {
        if (values.first < 0 || values.first > 999999) return "a limit out of its range";
        int want = values.second;
        for (std::string_view rest = text; !rest.empty();) {
            const std::size_t end = rest.find('\n');
            const std::string_view line = trim(rest.substr(0, end));
            rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
            const std::size_t colon = line.find(':');
            if (colon != std::string_view::npos && trim(line.substr(0, colon)) == key)
                want = parse_count(trim(line.substr(colon + 1)));
        }
        if (values.first != want) return std::string("the limit ") + key + " is not the one given";
    }
    return {};
}

// What a stranger's SSH session and the door's settings file hand the door (door/door.hpp).
// The first byte chooses the reader: 0, the settings file; 1, a session's command
// (SSH_ORIGINAL_COMMAND); 2, a newcomer's name; 3, the keys command's arguments, separated
// by NUL bytes (program, club directory, key type, key, fingerprint).
//  - settings: an error names a line and changes nothing; accepted settings name a login,
//    and each limit on strangers is a count of at most six digits, the last one given for
//    its key or else its default;
//  - command: a refusal is one printable line naming the verbs and gives no words; accepted
//    words are at most three printable words that read back the same;
//  - name: a name that passes is of letters, digits, '_' and '-', starts with a letter and
//    reads on the wire as a name; a refusal is one printable line;
//  - key line: accepted, it is one printable line of the restricted form, with no '"' but
//    the two around the command, and the key and fingerprint as given; refused, nothing.
[[nodiscard]] inline std::string check_door(std::string_view input) {
    if (input.empty()) return {};
    const int reader = static_cast<unsigned char>(input[0]) % 4;
    input.remove_prefix(1);
    const auto one_line = [](const std::string& e) {
        return e.find('\n') == std::string::npos && !has_control_character(e);
    };
    if (reader == 0) {
        club::DoorSettings s;
        s.account = "untouched";
        const TextError e = club::read_door_settings(input, s);
        if (e.failed())
            return s.account == "untouched" && one_line(printable(e.message()))
                       ? std::string()
                       : "a refused settings file changed the settings";
        if (!net::valid_name(s.account)) return "an account that is no login name";
        return check_door_limits(input, s.limits);
    }
    if (reader == 1) {
        std::vector<std::string> words;
        const std::string e = club::read_door_command(input, words);
        if (!e.empty())
            return one_line(e) && words.empty() && e.find("games, ratings") != std::string::npos
                       ? std::string()
                       : "a refusal that is not one line, or with words";
        std::string joined;
        for (const std::string& w : words) {
            if (w.empty() || has_control_character(w) || w.find(' ') != std::string::npos)
                return "an accepted word is not one printable word";
            joined += (joined.empty() ? "" : " ") + w;
        }
        std::vector<std::string> again;
        if (words.size() > 3 || !club::read_door_command(joined, again).empty() || again != words)
            return "accepted words do not read back: " + joined;
        return {};
    }
    if (reader == 2) {
        const std::string e = club::name_fault(input);
        if (!e.empty()) return one_line(e) ? std::string() : "a refusal that is not one line";
        net::Message m;
        if (!net::parse_message("name " + std::string(input), m).empty() || m.user != input)
            return "an accepted name does not read on the wire";
        if (!std::isalpha(static_cast<unsigned char>(input[0])) ||
            input.size() > club::kMaxPlayerName)
            return "an accepted name of the wrong shape";
        return {};
    }
    const std::vector<std::string_view> parts = split_on(input, '\0');
    if (parts.size() != 5) return {};
    std::string line = "untouched";
    const std::string e =
        club::door_key_line(parts[0], parts[1], parts[2], parts[3], parts[4], line);
    if (!e.empty()) return line == "untouched" && one_line(e) ? std::string() : "a bad refusal";
    if (line.empty() || line.back() != '\n') return "a key line that does not end a line";
    const std::string_view body(line.data(), line.size() - 1);
    if (has_control_character(body) || body.find('\n') != std::string_view::npos)
        return "a key line with a control character";
    if (std::count(body.begin(), body.end(), '"') != 2) return "a key line with a stray quote";
    const std::string want = "restrict,pty,command=\"exec " + std::string(parts[0]) +
                             " --club-dir " + std::string(parts[1]) + " --door " +
                             std::string(parts[4]) + "\" " + std::string(parts[2]) + " " +
                             std::string(parts[3]);
    return body == want ? std::string() : "a key line not of the restricted form: " + line;
}

// What ssh printed before and at the relay's first line (net/relay.hpp), a line at a time:
//  - a line whose first word is not halma-relay is no hello, with no user and no fault;
//  - a hello this side cannot take gives one printable line saying why, and no user;
//  - a hello taken names a login or '-', and the hello written for that user reads the same.
[[nodiscard]] inline std::string check_relay(std::string_view input) {
    for (std::string_view line : split_on(input, '\n')) {
        const net::RelayHello h = net::read_relay_hello(line);
        const std::vector<std::string_view> words = split_words(line);
        const bool named = !words.empty() && words[0] == net::kRelayWord;
        if (h.is_hello != named) return "a hello that does not start with its word, or one missed";
        if (!h.is_hello) {
            if (!h.user.empty() || !h.fault.empty()) return "a line that is no hello has a user";
            continue;
        }
        if (!h.fault.empty()) {
            if (!h.user.empty() || h.fault.find('\n') != std::string::npos ||
                has_control_character(h.fault))
                return "a refused hello with a user, or a fault that is not one line";
            continue;
        }
        if (h.user != "-" && !net::valid_name(h.user)) return "a hello's user is no login";
        const net::RelayHello again = net::read_relay_hello(
            std::string(net::kRelayWord) + " " + std::to_string(net::kRelayVersion) + " " + h.user);
        if (!again.is_hello || !again.fault.empty() || again.user != h.user)
            return "a hello written back reads otherwise: " + h.user;
    }
    return {};
}

} // namespace halma::fuzz
