#include "files/solo_scores.hpp"

#include "files/paths.hpp"
#include "files/record_file.hpp"
#include "halma/solo/scores.hpp"

#include <algorithm>
#include <ctime>

namespace halma::files {

std::string scores_path(const std::string& dir) { return dir + "/scores.halma"; }

std::string today() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &local);
    return buf;
}

bool keeps_figures(const Puzzle& puzzle) { return puzzle.goal != GoalKind::Fill; }

namespace {

// A scores file as read and checked for one puzzle: its lines, the distinct figures of the
// puzzle's "figure:" lines with the date each was first kept, and what is wrong, if anything.
struct Loaded {
    std::vector<solo::Score> scores;
    std::vector<Bitboard> figures;
    std::vector<std::string> dates;
    std::string why;
};

// Reads the scores file at path, replaying every line of the puzzle (a missing file is empty).
Loaded read_checked(const std::string& path, const Puzzle& puzzle) {
    Loaded l;
    if (!file_exists(path)) return l;
    std::string text;
    l.why = read_file(path, text);
    if (l.why.empty()) l.why = solo::read_scores(text, l.scores).message();
    for (const solo::Score& s : l.scores) {
        if (!l.why.empty()) break;
        if (s.puzzle != puzzle.name) continue;
        Bitboard figure;
        if (std::string bad = solo::verify_score(puzzle, s, &figure); !bad.empty())
            l.why = "the " + std::string(s.figure ? "figure" : "score") + " for " + s.puzzle +
                    " of " + s.date + " does not replay: " + bad;
        else if (s.figure &&
                 std::find(l.figures.begin(), l.figures.end(), figure) == l.figures.end()) {
            l.figures.push_back(figure);
            l.dates.push_back(s.date);
        }
    }
    return l;
}

// The start of recording a solve: refuses a solve from a set-up position, and reads the file,
// setting a damaged one aside (said in out). Returns whether to go on; `damaged` gets what was
// said about a damaged file.
bool begin_record(const std::string& path, const Game& game, ScoreOutcome& out, Loaded& l,
                  std::string& damaged) {
    if (game.from_setup() || game.result().outcome != Outcome::Won) {
        out.message = "not scored: only a solve from the puzzle's own start counts";
        return false;
    }
    l = read_checked(path, *game.puzzle());
    if (l.why.empty()) return true;
    out.set_aside = set_aside(path);
    out.message = out.set_aside.empty() ? "damaged scores file " + path + " could not be moved"
                                        : "damaged scores file kept as " + out.set_aside;
    out.message += " (" + l.why + ")";
    damaged = out.message;
    l = Loaded{};
    out.error = true; // never write over a damaged file that is still in place
    return !out.set_aside.empty();
}

// The end of recording: writes the scores, and says `news` (after any damage). Returns
// whether the file was written.
bool end_record(const std::string& path, const std::vector<solo::Score>& scores,
                const std::string& damaged, const std::string& news, ScoreOutcome& out) {
    auto join = [&](std::string text) { return damaged.empty() ? text : damaged + "; " + text; };
    if (std::string err = write_file_atomically(path, solo::write_scores(scores)); !err.empty()) {
        out.message = join("score not saved: " + err);
        out.error = true;
        return false;
    }
    out.best = true;
    out.message = join(news);
    out.error = !damaged.empty();
    return true;
}

} // namespace

ScoreOutcome record_score(const std::string& path, const Game& game, const std::string& date) {
    ScoreOutcome out;
    Loaded l;
    std::string damaged;
    if (!begin_record(path, game, out, l, damaged)) return out;
    const Puzzle& puzzle = *game.puzzle();
    const int moves = static_cast<int>(game.ply());
    solo::Score* mine = nullptr;
    for (solo::Score& s : l.scores)
        if (s.puzzle == puzzle.name && !s.figure) mine = &s;
    if (mine && mine->moves <= moves) {
        out.previous = mine->moves;
        const std::string stays =
            "best stays " + std::to_string(mine->moves) + " (" + mine->date + ")";
        out.message = damaged.empty() ? stays : damaged + "; " + stays;
        out.error = !damaged.empty();
        return out;
    }
    if (mine) out.previous = mine->moves;
    solo::Score fresh{puzzle.name, moves, date, move_texts(game)};
    if (mine)
        *mine = fresh;
    else
        l.scores.push_back(fresh);
    end_record(path, l.scores, damaged,
               out.previous ? "new best, was " + std::to_string(out.previous)
                            : "first score for " + puzzle.name,
               out);
    return out;
}

ScoreOutcome record_figure(const std::string& path, const Game& game, const std::string& date) {
    ScoreOutcome out;
    Loaded l;
    std::string damaged;
    if (!begin_record(path, game, out, l, damaged)) return out;
    const Bitboard figure = game.position().pieces(0);
    for (std::size_t i = 0; i < l.figures.size(); ++i)
        if (l.figures[i] == figure) {
            out.figures = static_cast<int>(l.figures.size());
            const std::string again = "figure found before, " + l.dates[i];
            out.message = damaged.empty() ? again : damaged + "; " + again;
            out.error = !damaged.empty();
            return out;
        }
    l.scores.push_back(
        {game.puzzle()->name, static_cast<int>(game.ply()), date, move_texts(game), true});
    const int now = static_cast<int>(l.figures.size()) + 1;
    const bool written =
        end_record(path, l.scores, damaged, "a new figure: " + std::to_string(now) + " found", out);
    out.figures = written ? now : now - 1;
    return out;
}

int figures_found(const std::string& path, const Puzzle& puzzle) {
    const Loaded l = read_checked(path, puzzle);
    return l.why.empty() ? static_cast<int>(l.figures.size()) : 0;
}

} // namespace halma::files
