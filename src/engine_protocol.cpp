// The engine protocol (engine-protocol.md): one command per line, one answer per command,
// "=" or "? message" and then an empty line, flushed every time.
#include "engine_protocol.hpp"

#include "halma.hpp"
#include "halma/ai.hpp"
#include "halma/solo.hpp"
#include "halma/solo_solver.hpp"
#include "record_file.hpp"

#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace halma {
namespace {

// The commands and their arguments, as `help` lists them.
constexpr const char* kHelp[] = {
    "newgame [key=value ...]",
    "setup <position>",
    "board",
    "legal",
    "play <move>",
    "genmove",
    "level <n>",
    "movetime <ms>",
    "perft <depth>",
    "status",
    "undo",
    "save <file>",
    "load <file>",
    "help",
    "quit",
    "newgame solo=<puzzle>",
    "puzzles",
    "puzzle",
    "hint",
};

// One protocol session: the game, the AI's settings, and the output stream.
class Session {
  public:
    Session(std::ostream& out, const EngineLimits& limits) : out_(out), engine_limits_(limits) {}

    // Handles one input line; returns false when the session should end.
    bool handle(std::string_view line) {
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        std::vector<std::string_view> words = split(line);
        if (words.empty() || words[0][0] == '#') return true;
        std::string_view cmd = words[0];
        std::string_view rest = rest_after_command(line);
        std::vector<std::string_view> args(words.begin() + 1, words.end());

        // clang-format off
        if (cmd == "newgame") newgame(args);
        else if (cmd == "setup") setup(rest);
        else if (cmd == "board") no_args(args) && ok(position_string(position()));
        else if (cmd == "legal") no_args(args) && legal();
        else if (cmd == "play") play(args);
        else if (cmd == "genmove") no_args(args) && genmove();
        else if (cmd == "level") level(args);
        else if (cmd == "movetime") movetime(args);
        else if (cmd == "perft") perft(args);
        else if (cmd == "status") no_args(args) && ok(status());
        else if (cmd == "undo") no_args(args) && (undo() ? ok() : fail("nothing to undo"));
        else if (cmd == "save") save(rest);
        else if (cmd == "load") load(rest);
        else if (cmd == "help") no_args(args) && ok(std::vector<std::string>(std::begin(kHelp), std::end(kHelp)));
        else if (cmd == "puzzles") no_args(args) && ok(solo::builtin_names());
        else if (cmd == "puzzle") no_args(args) && puzzle();
        else if (cmd == "hint") no_args(args) && hint();
        else if (cmd == "quit") return !ok();
        else fail("unknown command");
        // clang-format on
        return true;
    }

  private:
    // Splits a line into words at spaces and tabs.
    static std::vector<std::string_view> split(std::string_view line) {
        std::vector<std::string_view> words;
        for (std::size_t i = 0; i < line.size();) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
            std::size_t j = i;
            while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
            if (j > i) words.push_back(line.substr(i, j - i));
            i = j;
        }
        return words;
    }

    // The text after the command word, trimmed (a file name may hold spaces).
    static std::string_view rest_after_command(std::string_view line) {
        std::size_t i = line.find_first_not_of(" \t");
        i = line.find_first_of(" \t", i);
        if (i == std::string_view::npos) return {};
        line.remove_prefix(i);
        std::size_t a = line.find_first_not_of(" \t"), b = line.find_last_not_of(" \t");
        return a == std::string_view::npos ? std::string_view{} : line.substr(a, b - a + 1);
    }

    // Writes a success answer of zero or more lines.
    bool ok(const std::vector<std::string>& lines = {}) {
        out_ << '=';
        for (std::size_t i = 0; i < lines.size(); ++i) out_ << (i ? "" : " ") << lines[i] << '\n';
        if (lines.empty()) out_ << '\n';
        out_ << '\n' << std::flush;
        return true;
    }
    bool ok(const std::string& line) { return ok(std::vector<std::string>{line}); }

    // Writes an error answer.
    bool fail(const std::string& message) {
        out_ << "? " << message << "\n\n" << std::flush;
        return false;
    }

    bool no_args(const std::vector<std::string_view>& args) {
        return args.empty() || fail("this command takes no arguments");
    }

    // Reads the single number argument of a command, within [lo, hi].
    bool number_arg(const std::vector<std::string_view>& args, int lo, int hi, const char* what,
                    int& value) {
        if (args.size() == 1) {
            value = parse_count(args[0]);
            if (value >= lo && value <= hi) return true;
        }
        return fail(std::string(what) + " must be a number from " + std::to_string(lo) + " to " +
                    std::to_string(hi));
    }

    void newgame(const std::vector<std::string_view>& args) {
        Options opts;
        for (std::string_view a : args) {
            std::size_t eq = a.find('=');
            if (eq == std::string_view::npos || eq == 0)
                return (void)fail("bad option '" + std::string(a) + "': expected key=value");
            opts.emplace_back(std::string(a.substr(0, eq)), std::string(a.substr(eq + 1)));
        }
        for (const auto& kv : opts)
            if (kv.first == "solo") return newpuzzle(opts, kv.second);
        Rules rules;
        if (std::string err = rules_from_options(opts, rules); !err.empty()) return (void)fail(err);
        game_.reset(rules);
        solo_.reset();
        ok();
    }

    // newgame solo=NAME: starts a built-in puzzle, or the one in the puzzle file NAME; it
    // takes no other option.
    void newpuzzle(const Options& opts, const std::string& name) {
        if (opts.size() != 1) return (void)fail("solo=<puzzle> takes no other option");
        solo::Puzzle p;
        if (!solo::builtin_puzzle(name, p)) {
            if (!engine_limits_.file_commands)
                return (void)fail("unknown puzzle '" + name +
                                  "' (puzzles lists them; puzzle files are disabled)");
            if (std::string err = load_puzzle(name, p); !err.empty()) return (void)fail(err);
        }
        solo_.emplace(p);
        ok();
    }

    // The position on the board, of the puzzle or of the game.
    const Position& position() const { return solo_ ? solo_->position() : game_.position(); }

    std::string status() const {
        return solo_ ? solo::status_name(*solo_) : result_name(game_.result());
    }

    bool undo() { return solo_ ? solo_->undo() : game_.undo(); }

    // The puzzle being played, in the puzzle file format.
    bool puzzle() {
        if (!solo_) return fail("no puzzle is being played (newgame solo=<puzzle>)");
        std::vector<std::string> lines;
        std::string text = solo::write_puzzle(solo_->puzzle());
        for (std::size_t a = 0, b; a < text.size(); a = b + 1) {
            b = text.find('\n', a);
            if (text[a] != '#') lines.push_back(text.substr(a, b - a));
        }
        return ok(lines);
    }

    // The solver's next move towards the puzzle's goal, not played.
    bool hint() {
        if (!solo_) return fail("no puzzle is being played (newgame solo=<puzzle>)");
        Move m = solo_hint();
        if (m.is_none()) return fail("the puzzle is over");
        return ok(chain_name(solo_->position(), m, solo_->rules().longjumps));
    }

    // Asks the solver for a move within the node budget and movetime.
    Move solo_hint() const {
        solo::SolverLimits limits;
        limits.max_nodes = 400000;
        limits.max_width = 256;
        limits.max_ms = ai::search_budget_ms(think_ms()); // time to answer is left over
        return solo::hint(*solo_, limits);
    }

    void setup(std::string_view text) {
        if (solo_) {
            Position pos;
            std::string err = parse_position(text, 1, pos);
            solo::SoloGame next = *solo_;
            if (err.empty()) err = next.setup(pos);
            if (!err.empty()) return (void)fail("bad position: " + err);
            *solo_ = next;
            return (void)ok();
        }
        Position pos;
        std::string err = parse_position(text, game_.players(), pos);
        Game next = game_;
        if (err.empty()) err = next.setup(pos);
        if (!err.empty()) return (void)fail("bad position: " + err);
        game_ = next;
        ok();
    }

    bool legal() {
        MoveList list;
        solo_ ? solo_->legal_moves(list) : game_.legal_moves(list);
        std::vector<std::string> lines;
        for (Move m : list) lines.push_back(move_name(m));
        return ok(lines);
    }

    void play(const std::vector<std::string_view>& args) {
        if (args.size() != 1) return (void)fail("play needs one move, e.g. play e4-f5");
        if (solo_) {
            solo::ParsedSoloMove pm = solo::parse_solo_move(*solo_, args[0]);
            if (!pm.error.empty()) return (void)fail("illegal move: " + pm.error);
            solo_->play(pm.move);
            return (void)ok();
        }
        ParsedMove pm = parse_move(game_, args[0]);
        if (!pm.error.empty()) return (void)fail("illegal move: " + pm.error);
        game_.play(pm.move);
        ok();
    }

    bool genmove() {
        if (solo_) {
            Move m = solo_hint();
            if (m.is_none()) return fail("game over");
            std::string text = chain_name(solo_->position(), m, solo_->rules().longjumps);
            if (!solo_->play(m))
                return fail("internal error: the solver chose an illegal move " + text);
            return ok(text);
        }
        if (game_.over()) return fail("game over");
        limits_.seed = seed_++;
        ai::Limits limits = limits_;
        limits.movetime_ms = think_ms();
        Move m = ai::choose_move(game_, limits);
        std::string text = chain_name(game_.position(), m, game_.rules().longjumps);
        if (!game_.play(m)) return fail("internal error: the AI chose an illegal move " + text);
        return ok(text);
    }

    void level(const std::vector<std::string_view>& args) {
        int n;
        if (number_arg(args, ai::kMinLevel, ai::kMaxLevel, "the level", n)) limits_.level = n, ok();
    }

    // The time genmove and hint may take: movetime, within the session's cap.
    [[nodiscard]] int think_ms() const {
        const int cap = engine_limits_.max_think_ms;
        return cap > 0 && cap < limits_.movetime_ms ? cap : limits_.movetime_ms;
    }

    void movetime(const std::vector<std::string_view>& args) {
        int n;
        if (number_arg(args, 1, 999999, "movetime", n)) limits_.movetime_ms = n, ok();
    }

    void perft(const std::vector<std::string_view>& args) {
        int depth;
        if (number_arg(args, 0, engine_limits_.max_perft_depth, "the depth", depth))
            ok(std::to_string(solo_ ? solo_->perft(depth) : game_.perft(depth)));
    }

    void save(std::string_view file) {
        if (!engine_limits_.file_commands) return (void)fail("file commands are disabled");
        if (file.empty()) return (void)fail("save needs a file name");
        if (solo_) {
            std::string err =
                write_file_atomically(std::string(file), solo::write_solo_record(*solo_));
            return (void)(err.empty() ? ok() : fail(err));
        }
        std::string err = save_record(std::string(file), game_, headers_);
        err.empty() ? ok() : fail(err);
    }

    void load(std::string_view file) {
        if (!engine_limits_.file_commands) return (void)fail("file commands are disabled");
        if (file.empty()) return (void)fail("load needs a file name");
        const std::string path(file);
        std::string text;
        if (std::string err = read_file(path, text); !err.empty()) return (void)fail(err);
        // A solo record (its first line says so) resumes a puzzle; anything else is a game.
        if (solo::is_solo_record(text)) {
            solo::SoloGame g{solo::Puzzle{}};
            if (std::string err = solo::read_solo_record(text, g); !err.empty())
                return (void)fail(path + ": " + err);
            solo_ = g;
            return (void)ok();
        }
        // A bare puzzle file (its start and goal make it one) starts that puzzle.
        if (solo::Puzzle p; solo::read_puzzle(text, p).empty()) {
            solo_.emplace(p);
            return (void)ok();
        }
        if (std::string err = read_record(text, game_, headers_); !err.empty())
            return (void)fail(path + ": " + err);
        solo_.reset();
        ok();
    }

    std::ostream& out_;
    const EngineLimits engine_limits_;
    Game game_;
    std::optional<solo::SoloGame> solo_; // set while a puzzle is played
    Options headers_;
    ai::Limits limits_;
    std::uint64_t seed_ = 1;
};

// Reads one line into line, keeping at most kMaxEngineLine bytes of it and setting too_long
// when more were skipped, so no input can make the engine hold an unbounded line. Returns
// false at end of input with nothing read.
bool read_line(std::istream& in, std::string& line, bool& too_long) {
    line.clear();
    too_long = false;
    std::streambuf* buf = in.rdbuf();
    if (!buf) return false;
    for (;;) {
        int c = buf->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in.setstate(std::ios::eofbit);
            return !line.empty() || too_long;
        }
        if (c == '\n') return true;
        if (line.size() < kMaxEngineLine)
            line.push_back(static_cast<char>(c));
        else
            too_long = true;
    }
}

} // namespace

int run_engine(std::istream& in, std::ostream& out, const EngineLimits& limits) {
    Session session(out, limits);
    std::string line;
    bool too_long = false;
    while (read_line(in, line, too_long)) {
        if (too_long) {
            out << "? line too long: commands are at most " << kMaxEngineLine << " bytes\n\n"
                << std::flush;
            continue;
        }
        if (!session.handle(line)) break;
    }
    return 0;
}

} // namespace halma
