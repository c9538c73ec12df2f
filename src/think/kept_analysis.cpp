#include "think/kept_analysis.hpp"

#include "halma/record.hpp"
#include "halma/text.hpp"

#include <cstdio>

namespace halma::think {

namespace {

constexpr int kPlannerVersion = 3;
constexpr std::string_view kHead = "# analysis ";
constexpr std::string_view kJudged = "# judged ";
constexpr int kMaxFigure = 99999; // far beyond any crossing

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

std::string hex(std::uint64_t v) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string figure_word(int figure) {
    if (figure == kRaceOut) return "out";
    return figure < 0 ? "-" : std::to_string(figure);
}

// A figure as written, or false.
bool read_figure(std::string_view word, int& out) {
    if (word == "out") return out = kRaceOut, true;
    if (word == "-") return out = kRaceUnknown, true;
    out = parse_count(word);
    return out >= 0 && out <= kMaxFigure;
}

std::string move_word(const Game& at, Move m) {
    if (m.is_none() || at.over()) return "-";
    if (m.is_pass()) return "pass";
    return chain_name(at.position(), m, at.rules().longjumps);
}

// One position's line: its seats' figures and the best move for the player to move, into
// lines; "" or what is wrong with it.
std::string read_position(std::string_view rest, int number, const Game& at,
                          std::vector<SeatRace>& lines) {
    const std::vector<std::string_view> words = split_words(rest);
    if (words.size() != static_cast<std::size_t>(at.players()) + 2)
        return "it has " + std::to_string(words.size()) + " words where " +
               std::to_string(at.players() + 2) + " belong";
    if (parse_count(words[0]) != number)
        return "position " + std::to_string(number) + " comes next, not '" + std::string(words[0]) +
               "'";
    lines.assign(static_cast<std::size_t>(at.players()), SeatRace{});
    for (std::size_t p = 0; p < lines.size(); ++p)
        if (!read_figure(words[p + 1], lines[p].figure))
            return "'" + std::string(words[p + 1]) + "' is not a number of moves";
    const std::string_view best = words.back();
    if (best == "-") return {};
    const ParsedMove pm = parse_move(at, best);
    if (!pm.error.empty()) return "best move '" + std::string(best) + "': " + pm.error;
    lines[static_cast<std::size_t>(at.to_move())].first = pm.move;
    return {};
}

KeptRead damaged(int line, const std::string& why) {
    return {Kept::Damaged, "the analysis kept in the record is damaged (line " +
                               std::to_string(line) + ": " + why + "); analysing again"};
}

// FNV-1a: the same bytes give the same hash everywhere.
constexpr std::uint64_t kFnvStart = 0xcbf29ce484222325ull;
std::uint64_t fnv(std::uint64_t h, std::string_view bytes) {
    for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
    return h;
}

} // namespace

std::string planner_word() {
    // Besides the version, what the planner answers at the 8x8 start within a small budget
    // (a few milliseconds, once), so that a planner changed without its version raised is
    // still told apart.
    static const std::string word = [] {
        const Game start(Rules::for_game(2, 8));
        std::string answers;
        for (const SeatRace& r : race_plans(start, 20000))
            answers += std::to_string(r.figure) + " " + move_word(start, r.first) + "\n";
        return "race" + std::to_string(kPlannerVersion) + "-" + std::to_string(kRaceNodes) + "-" +
               hex(fnv(kFnvStart, answers)).substr(0, 6);
    }();
    return word;
}

std::string game_key(const Game& game) { return hex(fnv(kFnvStart, write_record(game))); }

std::string analysis_comments(const Game& game, const Analysis& a) {
    if (!a.complete() || a.moves() != static_cast<int>(game.ply())) return {};
    std::string out = std::string(kHead) + planner_word() + " " + game_key(game) + "\n";
    Game at = game.rewound();
    for (int pos = 0; pos <= a.moves(); ++pos) {
        out += std::string(kJudged) + std::to_string(pos);
        for (const SeatRace& r : a.lines(pos)) out += " " + figure_word(r.figure);
        const Move best = pos < a.moves() ? a.best(pos) : Move::none();
        out += " " + move_word(at, best) + "\n";
        if (pos < a.moves()) at.make(game.move_at(static_cast<std::size_t>(pos)));
    }
    return out;
}

std::string without_analysis(std::string_view record) {
    std::string out;
    for (LineReader reader(record); reader.next();) {
        const std::string_view line = reader.line();
        if (starts_with(line, kHead) || starts_with(line, kJudged)) continue;
        if (reader.offset() + line.size() >= record.size() && line.empty()) break; // the end
        out.append(line);
        out += '\n';
    }
    return out;
}

KeptRead read_kept_analysis(std::string_view record, const Game& game, Analysis& out) {
    if (game.puzzle()) return {};
    Analysis a(game);
    Game at = game.rewound();
    bool head = false;
    for (LineReader reader(record); reader.next();) {
        const std::string_view line = reader.line();
        if (starts_with(line, kHead)) {
            if (head) return damaged(reader.number(), "a second analysis");
            head = true;
            const std::vector<std::string_view> w = split_words(line.substr(kHead.size()));
            if (w.size() != 2) return damaged(reader.number(), "it names no planner and game");
            if (w[0] != planner_word())
                return {Kept::Stale, "the analysis kept in the record was made by another "
                                     "planner; analysing again"};
            if (w[1] != game_key(game))
                return {Kept::Stale, "the analysis kept in the record is of another game; "
                                     "analysing again"};
            continue;
        }
        if (!starts_with(line, kJudged)) continue;
        if (!head) return damaged(reader.number(), "a position before the analysis line");
        if (a.complete()) return damaged(reader.number(), "more positions than the game has");
        if (has_control_character(line)) return damaged(reader.number(), "a control character");
        std::vector<SeatRace> lines;
        const std::string why = read_position(line.substr(kJudged.size()), a.judged(), at, lines);
        if (!why.empty()) return damaged(reader.number(), why);
        a.add(std::move(lines));
        if (!a.complete() && a.judged() <= a.moves())
            at.make(game.move_at(static_cast<std::size_t>(a.judged() - 1)));
    }
    if (!head) return {};
    if (!a.complete())
        return {Kept::Damaged, "the analysis kept in the record stops at position " +
                                   std::to_string(a.judged()) + " of " +
                                   std::to_string(a.moves() + 1) + "; analysing again"};
    out = std::move(a);
    return {Kept::Used, {}};
}

} // namespace halma::think
