// The engine protocol (the man page's ENGINE PROTOCOL): one command per line, one answer per
// command, "=" or "? message" and then an empty line, flushed every time.
#include "protocol/session.hpp"

#include "files/record_file.hpp"
#include "halma.hpp"
#include "halma/ai/levels.hpp"
#include "halma/solo/catalogue.hpp"
#include "think/analysis.hpp"
#include "think/computer.hpp"
#include "think/race.hpp"

#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace halma::protocol {

using files::load_game_file;
using files::load_puzzle;
using files::save_record;
using think::computer_hint;
using think::computer_move;
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
    "nodes <n>",
    "seed <n>",
    "perft <depth>",
    "status",
    "result",
    "race",
    "analyse",
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

// One protocol session: the game (or puzzle), the AI's settings, and the output stream.
class Session {
  public:
    Session(std::ostream& out, const EngineLimits& limits) : out_(out), engine_limits_(limits) {}

    // Handles one input line; returns false when the session should end.
    bool handle(std::string_view line) {
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        std::vector<std::string_view> words = split_words(line);
        if (words.empty() || words[0][0] == '#') return true;
        std::string_view cmd = words[0];
        std::string_view rest = after_first_word(line);
        std::vector<std::string_view> args(words.begin() + 1, words.end());

        // clang-format off
        if (cmd == "newgame") newgame(args);
        else if (cmd == "setup") setup(rest);
        else if (cmd == "board") no_args(args) && ok(position_string(game_.position()));
        else if (cmd == "legal") no_args(args) && legal();
        else if (cmd == "play") play(args);
        else if (cmd == "genmove") no_args(args) && genmove();
        else if (cmd == "level") level(args);
        else if (cmd == "movetime") movetime(args);
        else if (cmd == "nodes") nodes(args);
        else if (cmd == "seed") seed(args);
        else if (cmd == "perft") perft(args);
        else if (cmd == "status") no_args(args) && ok(status_text(game_));
        else if (cmd == "result") no_args(args) && ok(result_text(game_));
        else if (cmd == "undo") no_args(args) && (game_.undo() ? ok() : fail("nothing to undo"));
        else if (cmd == "save") save(rest);
        else if (cmd == "load") load(rest);
        else if (cmd == "help") no_args(args) && ok(std::vector<std::string>(std::begin(kHelp), std::end(kHelp)));
        else if (cmd == "puzzles") no_args(args) && ok(solo::builtin_names());
        else if (cmd == "puzzle") no_args(args) && puzzle();
        else if (cmd == "hint") no_args(args) && hint();
        else if (cmd == "race") no_args(args) && race();
        else if (cmd == "analyse") no_args(args) && analyse();
        else if (cmd == "quit") return !ok();
        else fail("unknown command");
        // clang-format on
        return true;
    }

  private:
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
    bool number_arg(const std::vector<std::string_view>& args, std::uint64_t lo, std::uint64_t hi,
                    const char* what, std::uint64_t& value) {
        if (args.size() == 1 && parse_u64(args[0], value) && value >= lo && value <= hi)
            return true;
        return fail(std::string(what) + " must be a number from " + std::to_string(lo) + " to " +
                    std::to_string(hi));
    }
    bool number_arg(const std::vector<std::string_view>& args, int lo, int hi, const char* what,
                    int& value) {
        std::uint64_t n = 0;
        if (!number_arg(args, static_cast<std::uint64_t>(lo), static_cast<std::uint64_t>(hi), what,
                        n))
            return false;
        value = static_cast<int>(n);
        return true;
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
        if (TextError err = rules_from_options(opts, rules); err.failed())
            return (void)fail(err.text);
        game_.reset(rules);
        ok();
    }

    // newgame solo=NAME: starts a built-in puzzle, or the one in the puzzle file NAME; it
    // takes no other option.
    void newpuzzle(const Options& opts, const std::string& name) {
        if (opts.size() != 1) return (void)fail("solo=<puzzle> takes no other option");
        Puzzle p;
        if (!solo::builtin_puzzle(name, p)) {
            if (!engine_limits_.file_commands)
                return (void)fail("unknown puzzle '" + name +
                                  "' (puzzles lists them; puzzle files are disabled)");
            if (TextError err = load_puzzle(name, p); err.failed())
                return (void)fail(err.message());
        }
        game_.reset(p);
        ok();
    }

    // The puzzle being played, in the puzzle file format.
    bool puzzle() {
        if (!game_.puzzle()) return fail("no puzzle is being played (newgame solo=<puzzle>)");
        const std::string text = puzzle_lines(*game_.puzzle());
        std::vector<std::string> lines;
        for (std::string_view line : split_on(text, '\n'))
            if (!line.empty()) lines.emplace_back(line);
        return ok(lines);
    }

    // The computer's next move for the player to move, not played: the solver's in a
    // puzzle (or why the goal is out of reach, when the solver proves it), the AI's at the
    // session's level in a game.
    bool hint() {
        if (game_.over()) return fail(game_.puzzle() ? "the puzzle is over" : "game over");
        const solo::Hint h = computer_hint(game_, think_limits());
        if (!h.out_of_reach.empty()) return fail(h.out_of_reach);
        if (h.move.is_none()) return fail("no move found");
        return ok(chain_name(game_.position(), h.move, game_.rules().longjumps));
    }

    // Each seat's moves to go as the race meter has them.
    bool race() {
        if (game_.puzzle()) return fail("the race meter is for games, not puzzles");
        const think::Analysis& a = judged();
        std::string line;
        for (const think::SeatRace& r : a.lines(a.judged() - 1))
            line += (line.empty() ? "" : " ") +
                    (r.figure >= 0 ? std::to_string(r.figure) : std::string("-"));
        return ok(line);
    }

    // Every move played so far, priced against the meter's plan: PLY SEAT MOVE COST BEST.
    bool analyse() {
        if (game_.puzzle()) return fail("the race meter is for games, not puzzles");
        const std::vector<think::MoveCost> costs = think::move_costs(game_, judged());
        Game replay = game_.rewound();
        const bool longjumps = game_.rules().longjumps;
        std::vector<std::string> lines;
        for (const think::MoveCost& c : costs) {
            const std::string best = c.move.is_pass() ? "pass"
                                     : c.best.is_none()
                                         ? "-"
                                         : chain_name(replay.position(), c.best, longjumps);
            lines.push_back(std::to_string(lines.size() + 1) + " " + std::to_string(c.seat + 1) +
                            " " + chain_name(replay.position(), c.move, longjumps) + " " +
                            std::to_string(c.cost) + " " + best);
            replay.make(c.move);
        }
        return ok(lines);
    }

    // The game judged by the race meter as the panel judges it: every position from the game's
    // start (its newgame or setup) on, the lines carried from each to the next; what was judged
    // is kept while the game goes on from it.
    const think::Analysis& judged() {
        std::string start = write_record(game_.rewound()) + std::to_string(race_nodes());
        if (start != judged_start_)
            judged_ = think::Analysis(game_), judged_start_ = std::move(start);
        judged_.follow(game_);
        think::judge_rest(judged_, race_nodes());
        return judged_;
    }

    [[nodiscard]] std::uint64_t race_nodes() const {
        return engine_limits_.race_nodes ? engine_limits_.race_nodes : think::kRaceNodes;
    }

    void setup(std::string_view text) {
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
        game_.legal_moves(list);
        std::vector<std::string> lines;
        for (Move m : list) lines.push_back(move_name(m));
        return ok(lines);
    }

    void play(const std::vector<std::string_view>& args) {
        if (args.size() != 1) return (void)fail("play needs one move, e.g. play e4-f5");
        ParsedMove pm = parse_move(game_, args[0]);
        if (!pm.error.empty()) return (void)fail("illegal move: " + pm.error);
        game_.play(pm.move);
        ok();
    }

    bool genmove() {
        if (game_.over()) return fail("game over");
        Move m = computer_move(game_, think_limits());
        std::string text = chain_name(game_.position(), m, game_.rules().longjumps);
        if (!game_.play(m))
            return fail("internal error: the computer chose an illegal move " + text);
        return ok(text);
    }

    // The AI's settings for one genmove or hint: the level, a fresh seed, movetime within
    // the session's cap, and the node budget standing in for the clock when one is set.
    ai::Limits think_limits() {
        ai::Limits limits = limits_;
        limits.seed = seed_++;
        limits.nodes = ai::clock_nodes(ai::level_settings(limits.level, game_.rules()), nodes_);
        const int cap = engine_limits_.max_think_ms; // a capped session keeps to its clock
        limits.repeatable = seeded_ && !clock_chosen_ && cap == 0;
        if (cap > 0 && cap < limits.movetime_ms) limits.movetime_ms = cap;
        return limits;
    }

    void level(const std::vector<std::string_view>& args) {
        int n;
        if (number_arg(args, ai::kMinLevel, ai::kMaxLevel, "the level", n)) limits_.level = n, ok();
    }

    void movetime(const std::vector<std::string_view>& args) {
        int n;
        if (number_arg(args, 1, 999999, "movetime", n)) limits_.movetime_ms = n, ok();
    }

    void nodes(const std::vector<std::string_view>& args) {
        std::uint64_t n = 0;
        if (number_arg(args, 0, ai::kMaxNodes, "the node budget", n))
            nodes_ = n, clock_chosen_ = n == 0, ok();
    }

    void seed(const std::vector<std::string_view>& args) {
        int n;
        if (number_arg(args, 0, 999999, "the seed", n))
            seed_ = static_cast<unsigned>(n), seeded_ = true, ok();
    }

    void perft(const std::vector<std::string_view>& args) {
        int depth;
        if (number_arg(args, 0, engine_limits_.max_perft_depth, "the depth", depth))
            ok(std::to_string(game_.perft(depth)));
    }

    void save(std::string_view file) {
        if (!engine_limits_.file_commands) return (void)fail("file commands are disabled");
        if (file.empty()) return (void)fail("save needs a file name");
        std::string err = save_record(std::string(file), game_, headers_);
        err.empty() ? ok() : fail(err);
    }

    // Loads a record (a game's or a puzzle's), or a bare puzzle file, which starts that puzzle.
    void load(std::string_view file) {
        if (!engine_limits_.file_commands) return (void)fail("file commands are disabled");
        if (file.empty()) return (void)fail("load needs a file name");
        if (TextError err = load_game_file(std::string(file), game_, headers_); err.failed())
            return (void)fail(err.message());
        ok();
    }

    std::ostream& out_;
    const EngineLimits engine_limits_;
    Game game_;
    think::Analysis judged_;   // the race meter's view of game_ (judged())
    std::string judged_start_; // the record of the start judged_ was made for
    Options headers_;
    ai::Limits limits_;
    std::uint64_t seed_ = 1;    // the next genmove's or hint's; each takes the next
    std::uint64_t nodes_ = 0;   // the node budget for all of movetime (0: the clock decides)
    bool seeded_ = false;       // a seed was given: the game repeats (ai::Limits::repeatable)
    bool clock_chosen_ = false; // "nodes 0" was given: the clock decides even so
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

} // namespace halma::protocol
