// Solitaire files (issue 7): solo records that save and resume a puzzle being played, and
// the best-scores file a front end keeps. Text only; the file I/O is the program's.
#pragma once

#include "halma/solo_game.hpp"
#include "halma/text.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace halma::solo {

// Solo records: a puzzle being played, saved and loaded like a game record.
//
//     # halma solo record
//     name: crossing                   <- the puzzle, in the puzzle format
//     ...
//     position: <position string>      <- only when play began from a set-up position
//     result: playing                  <- as status_name() says it
//
//     1. c4-d5
//     2. a2-c4-e6
//
// Moves are in notation with chains spelled out; "N." before the N-th move may be left out.

inline constexpr const char* kSoloRecordHeader = "# halma solo record";

// Whether a text is a solo record (its first line says so).
[[nodiscard]] inline bool is_solo_record(std::string_view text) noexcept {
    std::string_view h = kSoloRecordHeader;
    return text.substr(0, h.size()) == h &&
           (text.size() == h.size() || text[h.size()] == '\n' || text[h.size()] == '\r');
}

// The record of a solo game: its puzzle, its start if set up, its status and its moves.
[[nodiscard]] inline std::string write_solo_record(const SoloGame& g) {
    std::string puzzle = write_puzzle(g.puzzle());
    std::string out = std::string(kSoloRecordHeader) + puzzle.substr(puzzle.find('\n'));
    if (g.from_setup()) out += "position: " + position_string(g.initial()) + "\n";
    out += "result: " + status_name(g) + "\n\n";
    std::vector<std::string> moves = move_texts(g);
    for (std::size_t i = 0; i < moves.size(); ++i)
        out += std::to_string(i + 1) + ". " + moves[i] + "\n";
    return out;
}

// Reads a solo record, replaying and checking every move. Returns an empty string, or
// "line N: what is wrong"; out changes only on success.
[[nodiscard]] inline std::string read_solo_record(std::string_view text, SoloGame& out) {
    // The position and result lines are taken out (blanked, so line numbers stay) before the
    // puzzle reader sees the header.
    std::string header(text);
    std::string position_text, result_text;
    int position_line = 0, result_line = 0;
    for (LineReader reader(header); reader.next();) {
        std::string_view line = reader.line();
        for (auto [key, value, at] : {std::tuple<const char*, std::string*, int*>{
                                          "position:", &position_text, &position_line},
                                      {"result:", &result_text, &result_line}}) {
            std::string_view k = key;
            if (line.substr(0, k.size()) != k) continue;
            *value = std::string(trim(line.substr(k.size())));
            *at = reader.number();
            auto from = header.begin() + static_cast<std::ptrdiff_t>(reader.offset());
            std::fill(from, from + static_cast<std::ptrdiff_t>(line.size()), ' ');
        }
    }
    Puzzle p;
    int moves_line = 0;
    if (std::string err = read_puzzle(header, p, &moves_line); !err.empty()) return err;
    SoloGame g(p);
    if (!position_text.empty()) {
        Position pos;
        std::string err = parse_position(position_text, 1, pos);
        if (err.empty()) err = g.setup(pos);
        if (!err.empty()) return "line " + std::to_string(position_line) + ": " + err;
    }
    // The moves: from the first line that is not "key: value" to the end.
    for (LineReader reader(text); moves_line && reader.next();) {
        if (reader.number() < moves_line) continue;
        std::string_view line = without_comment(reader.line());
        const std::string where = reader.where();
        for (std::string_view word : detail::words_of(line)) {
            if (word.back() == '\r') word.remove_suffix(1);
            if (word.empty()) continue;
            if (word.back() == '.') {
                if (parse_count(word.substr(0, word.size() - 1)) != g.moves() + 1)
                    return where + "'" + std::string(word) + "' where move " +
                           std::to_string(g.moves() + 1) + " comes next";
                continue;
            }
            ParsedSoloMove pm = parse_solo_move(g, word);
            if (!pm.error.empty()) return where + "move '" + std::string(word) + "': " + pm.error;
            g.make(pm.move);
        }
    }
    if (!result_text.empty() && result_text != status_name(g))
        return "line " + std::to_string(result_line) + ": the result says '" + result_text +
               "' but the moves give '" + status_name(g) + "'";
    out = g;
    return {};
}

// ---------------------------------------------------------------------------------------------
// Best scores: a text file, one line per puzzle, that a front end keeps under
// $XDG_STATE_HOME/halma/. The file I/O is the program's; this is the format.
//
//     # halma solo scores
//     score: crossing 31 2026-11-30 a1-c3 b1-d3-f5 ...
//
// i.e. "score: PUZZLE MOVES DATE" and the MOVES moves in notation. Anything else (but blank
// lines and '#' comments after the first line) makes the file corrupt: reading says the line.

struct Score {
    std::string puzzle;
    int moves = 0;
    std::string date; // YYYY-MM-DD
    std::vector<std::string> move_list;
};

inline constexpr const char* kScoresHeader = "# halma solo scores";

// Whether text is a date written YYYY-MM-DD with a month 01-12 and a day 01-31.
[[nodiscard]] inline bool valid_date(std::string_view d) noexcept {
    if (d.size() != 10 || d[4] != '-' || d[7] != '-') return false;
    for (int i : {0, 1, 2, 3, 5, 6, 8, 9})
        if (d[i] < '0' || d[i] > '9') return false;
    int month = (d[5] - '0') * 10 + (d[6] - '0'), day = (d[8] - '0') * 10 + (d[9] - '0');
    return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

// Whether text looks like a move in notation: squares joined by '-' (checked for legality
// only when a score is replayed).
[[nodiscard]] inline bool move_shaped(std::string_view m) noexcept {
    int squares = 0;
    for (std::size_t start = 0;;) {
        std::size_t dash = m.find('-', start);
        std::string_view part =
            m.substr(start, dash == std::string_view::npos ? dash : dash - start);
        if (parse_square(part, 16) == kNoSquare) return false;
        ++squares;
        if (dash == std::string_view::npos) break;
        start = dash + 1;
    }
    return squares >= 2;
}

// Writes a scores file.
[[nodiscard]] inline std::string write_scores(const std::vector<Score>& scores) {
    std::string out = std::string(kScoresHeader) + "\n";
    for (const Score& s : scores) {
        out += "score: " + s.puzzle + " " + std::to_string(s.moves) + " " + s.date;
        for (const std::string& m : s.move_list) out += " " + m;
        out += "\n";
    }
    return out;
}

// Reads a scores file. Returns an empty string, or "line N: what is wrong" for a corrupt
// file; out changes only on success.
[[nodiscard]] inline std::string read_scores(std::string_view text, std::vector<Score>& out) {
    std::vector<Score> scores;
    for (LineReader reader(text); reader.next();) {
        std::string_view line = reader.line();
        while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
        const int line_no = reader.number();
        const std::string where = reader.where();
        if (line_no == 1) {
            if (line != kScoresHeader)
                return where + "not a halma scores file (no '" + kScoresHeader + "' line)";
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string_view> w = detail::words_of(line);
        if (w[0] != "score:" || w.size() < 4)
            return where + "expected 'score: PUZZLE MOVES DATE ...'";
        Score s;
        if (!detail::valid_name(w[1])) return where + "bad puzzle name '" + std::string(w[1]) + "'";
        s.puzzle = std::string(w[1]);
        s.moves = parse_count(w[2]);
        if (s.moves < 1) return where + "bad move count '" + std::string(w[2]) + "'";
        if (!valid_date(w[3])) return where + "bad date '" + std::string(w[3]) + "' (YYYY-MM-DD)";
        s.date = std::string(w[3]);
        for (std::size_t i = 4; i < w.size(); ++i) {
            if (!move_shaped(w[i])) return where + "bad move '" + std::string(w[i]) + "'";
            s.move_list.emplace_back(w[i]);
        }
        if (static_cast<int>(s.move_list.size()) != s.moves)
            return where + "the score says " + std::to_string(s.moves) + " moves but lists " +
                   std::to_string(s.move_list.size());
        for (const Score& other : scores)
            if (other.puzzle == s.puzzle) return where + "a second score for " + s.puzzle;
        scores.push_back(std::move(s));
    }
    out = std::move(scores);
    return {};
}

// Replays a score's moves on its puzzle: an empty string when they are legal and solve it in
// exactly the number of moves the score claims, else what is wrong.
[[nodiscard]] inline std::string verify_score(const Puzzle& puzzle, const Score& s) {
    if (s.puzzle != puzzle.name) return "the score is for " + s.puzzle + ", not " + puzzle.name;
    SoloGame g(puzzle);
    for (std::size_t i = 0; i < s.move_list.size(); ++i) {
        ParsedSoloMove pm = parse_solo_move(g, s.move_list[i]);
        if (!pm.error.empty())
            return "move " + std::to_string(i + 1) + " '" + s.move_list[i] + "': " + pm.error;
        g.make(pm.move);
    }
    if (!g.solved()) return "the moves do not solve " + puzzle.name;
    return {};
}

} // namespace halma::solo
