#include "tui/scores.hpp"

#include "halma/solo/scores.hpp"
#include "record_file.hpp"
#include "tui/storage.hpp"

#include <ctime>

namespace halma::tui {

std::string scores_path(const std::string& dir) { return dir + "/scores.halma"; }

std::string today() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &local);
    return buf;
}

namespace {

// Reads the scores file; an unreadable or damaged one is set aside and reported in out.
std::vector<solo::Score> load_scores(const std::string& path, const Puzzle& puzzle,
                                     ScoreOutcome& out) {
    std::vector<solo::Score> scores;
    if (!file_exists(path)) return scores;
    std::string text, why = read_file(path, text);
    if (why.empty()) why = solo::read_scores(text, scores).message();
    if (why.empty())
        for (const solo::Score& s : scores)
            if (s.puzzle == puzzle.name)
                if (std::string bad = solo::verify_score(puzzle, s); !bad.empty())
                    why = "the score for " + s.puzzle + " does not replay: " + bad;
    if (why.empty()) return scores;
    out.set_aside = set_aside(path);
    out.message = out.set_aside.empty() ? "damaged scores file " + path + " could not be moved"
                                        : "damaged scores file kept as " + out.set_aside;
    out.message += " (" + why + ")";
    scores.clear();
    return scores;
}

} // namespace

ScoreOutcome record_score(const std::string& path, const Game& game, const std::string& date) {
    ScoreOutcome out;
    const Puzzle& puzzle = *game.puzzle();
    const int moves = static_cast<int>(game.ply());
    if (game.from_setup() || game.result().outcome != Outcome::Won) {
        out.message = "not scored: only a solve from the puzzle's own start counts";
        return out;
    }
    std::vector<solo::Score> scores = load_scores(path, puzzle, out);
    if (!out.message.empty() && out.set_aside.empty()) {
        out.error = true; // never write over a damaged file that is still in place
        return out;
    }
    const std::string damaged = out.message;
    auto join = [&](std::string text) { return damaged.empty() ? text : damaged + "; " + text; };
    solo::Score* mine = nullptr;
    for (solo::Score& s : scores)
        if (s.puzzle == puzzle.name) mine = &s;
    if (mine && mine->moves <= moves) {
        out.previous = mine->moves;
        out.message = join("best stays " + std::to_string(mine->moves) + " (" + mine->date + ")");
        out.error = !damaged.empty();
        return out;
    }
    if (mine) out.previous = mine->moves;
    solo::Score fresh{puzzle.name, moves, date, move_texts(game)};
    if (mine)
        *mine = fresh;
    else
        scores.push_back(fresh);
    if (std::string err = write_file_atomically(path, solo::write_scores(scores)); !err.empty()) {
        out.message = join("score not saved: " + err);
        out.error = true;
        return out;
    }
    out.best = true;
    out.message = join(out.previous ? "new best, was " + std::to_string(out.previous)
                                    : "first score for " + puzzle.name);
    out.error = !damaged.empty();
    return out;
}

} // namespace halma::tui
