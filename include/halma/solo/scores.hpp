// Solitaire scores: a text file that the front end keeps under $XDG_STATE_HOME/halma/, with
// the best solve of each puzzle and every distinct figure found in a puzzle whose goal is a
// symmetric figure (where the variety of figures is the point). The file I/O is the
// program's; this is the format:
//
//     # halma solo scores
//     score: crossing 31 2026-11-30 a1-c3 b1-d3-f5 ...
//     figure: symmetry 19 2026-12-02 b2-d4 c3-e5 ...
//
// i.e. "score: PUZZLE MOVES DATE" (at most one per puzzle) or "figure: PUZZLE MOVES DATE"
// (the figure is where the moves leave the pieces), and the MOVES moves in notation. Anything
// else (but blank lines and '#' comments after the first line) makes the file corrupt:
// reading says the line.
#pragma once

#include "halma/game.hpp"
#include "halma/game_text.hpp"
#include "halma/text.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace halma::solo {

// One line of the file: a best score, or a figure found.
struct Score {
    std::string puzzle;
    int moves = 0;
    std::string date; // YYYY-MM-DD
    std::vector<std::string> move_list;
    bool figure = false; // a "figure:" line
};

inline constexpr std::string_view kScoresHeader = "# halma solo scores";

// Whether text is a real date written YYYY-MM-DD (2026-02-31 is not one; 2028-02-29 is).
[[nodiscard]] inline bool valid_date(std::string_view d) noexcept {
    if (d.size() != 10 || d[4] != '-' || d[7] != '-') return false;
    for (int i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (d[i] < '0' || d[i] > '9') return false;
    const int year = parse_count(d.substr(0, 4)), month = parse_count(d.substr(5, 2)),
              day = parse_count(d.substr(8, 2));
    if (month < 1 || month > 12 || day < 1) return false;
    constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

// Writes a scores file.
[[nodiscard]] inline std::string write_scores(const std::vector<Score>& scores) {
    std::string out = std::string(kScoresHeader) + "\n";
    for (const Score& s : scores) {
        out += (s.figure ? "figure: " : "score: ") + s.puzzle + " " + std::to_string(s.moves) +
               " " + s.date;
        for (const std::string& m : s.move_list) out += " " + m;
        out += "\n";
    }
    return out;
}

namespace detail {

// Reads the words of one "score:" line into s.
[[nodiscard]] inline TextError read_score(const std::vector<std::string_view>& w, Score& s) {
    auto fail = [](std::string text) { return TextError{{}, 0, {}, std::move(text)}; };
    if (w.size() < 4 || (w[0] != "score:" && w[0] != "figure:"))
        return fail("expected 'score: PUZZLE MOVES DATE ...' or 'figure: PUZZLE MOVES DATE ...'");
    s.figure = w[0] == "figure:";
    if (!valid_puzzle_name(w[1])) return fail("bad puzzle name '" + std::string(w[1]) + "'");
    s.puzzle = std::string(w[1]);
    s.moves = parse_count(w[2]);
    if (s.moves < 1) return fail("bad move count '" + std::string(w[2]) + "'");
    if (!valid_date(w[3])) return fail("bad date '" + std::string(w[3]) + "' (YYYY-MM-DD)");
    s.date = std::string(w[3]);
    for (std::size_t i = 4; i < w.size(); ++i) {
        if (parse_squares(w[i], kMaxSize).size() < 2)
            return fail("bad move '" + std::string(w[i]) + "'");
        s.move_list.emplace_back(w[i]);
    }
    if (static_cast<int>(s.move_list.size()) != s.moves)
        return fail("the score says " + std::to_string(s.moves) + " moves but lists " +
                    std::to_string(s.move_list.size()));
    return {};
}

} // namespace detail

// Reads a scores file. Returns what is wrong with a corrupt file, naming the line; out changes
// only on success.
[[nodiscard]] inline TextError read_scores(std::string_view text, std::vector<Score>& out) {
    std::vector<Score> scores;
    for (LineReader reader(text); reader.next();) {
        const std::string_view line = trim(reader.line());
        if (reader.number() == 1) {
            if (line != kScoresHeader)
                return reader.error("not a halma scores file (no '" + std::string(kScoresHeader) +
                                    "' line)");
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        Score s;
        if (TextError err = detail::read_score(split_words(line), s); err.failed())
            return reader.error(err.text);
        for (const Score& other : scores)
            if (!s.figure && !other.figure && other.puzzle == s.puzzle)
                return reader.error("a second score for " + s.puzzle);
        scores.push_back(std::move(s));
    }
    out = std::move(scores);
    return {};
}

// Replays a score's moves on its puzzle: an empty string when they are legal and solve it in
// exactly the number of moves the score claims, else what is wrong. The pieces end on
// `figure` when it is given.
[[nodiscard]] inline std::string verify_score(const Puzzle& puzzle, const Score& s,
                                              Bitboard* figure = nullptr) {
    if (s.puzzle != puzzle.name) return "the score is for " + s.puzzle + ", not " + puzzle.name;
    Game g(puzzle);
    for (std::size_t i = 0; i < s.move_list.size(); ++i) {
        ParsedMove pm = parse_move(g, s.move_list[i]);
        if (!pm.error.empty())
            return "move " + std::to_string(i + 1) + " '" + s.move_list[i] + "': " + pm.error;
        g.make(pm.move);
    }
    if (g.result().outcome != Outcome::Won) return "the moves do not solve " + puzzle.name;
    if (figure) *figure = g.position().pieces(0);
    return {};
}

} // namespace halma::solo
