// Game records: a plain-text file a person can read and edit, written and read back here.
//
//     # halma game record
//     players: 2
//     size: 16
//     ...every rule option of options.hpp...
//     seats: human ai:3          <- any further "key: value" lines are kept as they are
//     position: <string>         <- only when the game began from a set-up position
//     result: playing            <- as the protocol's status says it
//
//     1. c3-c4 n14-n13
//     2. b3-d5 o13-m13-m11
//
// Moves are in notation, chains spelled out, one line per round; "N." opens round N (the
// N-th move of the player moving next) and may be left out. '#' starts a comment. Reading
// replays and checks every move and names the line of anything wrong.
#pragma once

#include "halma/game.hpp"
#include "halma/notation.hpp"
#include "halma/options.hpp"
#include "halma/text.hpp"

#include <sstream>
#include <string>
#include <string_view>

namespace halma {

// The value of a header key, or an empty string.
[[nodiscard]] inline std::string header_value(const Options& headers, std::string_view key) {
    for (const auto& kv : headers)
        if (kv.first == key) return kv.second;
    return {};
}

// The record of a game: its rules, the extra headers given, its start and its moves.
[[nodiscard]] inline std::string write_record(const Game& game, const Options& extra = {}) {
    std::string out = "# halma game record\n";
    for (const auto& kv : options_of(game.rules())) out += kv.first + ": " + kv.second + "\n";
    for (const auto& kv : extra) {
        bool reserved = kv.first == "position" || kv.first == "result";
        for (const char* k : kOptionKeys) reserved = reserved || kv.first == k;
        if (!reserved) out += kv.first + ": " + kv.second + "\n";
    }
    if (game.from_setup()) out += "position: " + position_string(game.initial()) + "\n";
    out += "result: " + result_name(game.result()) + "\n\n";

    Game replay(game.rules());
    if (game.from_setup()) (void)replay.setup(game.initial());
    int round = 0;
    for (std::size_t i = 0; i < game.ply(); ++i) {
        Move m = game.move_at(i);
        int mover = replay.to_move();
        std::string text = chain_name(replay.position(), m, game.rules().longjumps);
        replay.make(m);
        if (replay.moves_made(mover) != round) {
            round = replay.moves_made(mover);
            out += (i ? "\n" : "") + std::to_string(round) + ".";
        }
        out += " " + text;
    }
    return out + (game.ply() ? "\n" : "");
}

// Reads a record into game and its extra headers into headers. Returns an empty string, or
// "line N: what is wrong"; on error game and headers are left as they were.
[[nodiscard]] inline std::string read_record(std::string_view text, Game& game, Options& headers) {
    Options opts, extra;
    std::string position_text, result_text;
    int position_line = 0, result_line = 0, first_header_line = 1;
    bool in_moves = false;
    std::vector<std::pair<int, std::string>> tokens; // (line, word) of the move section

    for (LineReader reader(text); reader.next();) {
        const int line_no = reader.number();
        std::string_view line = without_comment(reader.line());
        if (line.empty()) continue;
        if (has_control_character(line)) return reader.where() + "control character in the record";

        std::size_t colon = line.find(':');
        bool header = colon != std::string_view::npos && colon > 0;
        for (std::size_t i = 0; header && i < colon; ++i)
            header = std::islower(static_cast<unsigned char>(line[i])) || line[i] == '-' ||
                     std::isdigit(static_cast<unsigned char>(line[i]));
        if (header) {
            if (in_moves)
                return "line " + std::to_string(line_no) + ": a header line after the moves";
            std::string key(line.substr(0, colon));
            std::string_view value = line.substr(colon + 1);
            while (!value.empty() && std::isspace(static_cast<unsigned char>(value.front())))
                value.remove_prefix(1);
            if (opts.empty() && extra.empty()) first_header_line = line_no;
            bool option = false;
            for (const char* k : kOptionKeys) option = option || key == k;
            if (option)
                opts.emplace_back(key, std::string(value));
            else if (key == "position")
                position_text = value, position_line = line_no;
            else if (key == "result")
                result_text = value, result_line = line_no;
            else
                extra.emplace_back(key, std::string(value));
            continue;
        }
        in_moves = true;
        for (std::size_t i = 0; i < line.size();) {
            while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
            std::size_t j = i;
            while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
            if (j > i) tokens.emplace_back(line_no, std::string(line.substr(i, j - i)));
            i = j;
        }
    }

    Rules rules;
    if (std::string err = rules_from_options(opts, rules); !err.empty())
        return "line " + std::to_string(first_header_line) + ": " + err;
    Game g(rules);
    if (!position_text.empty()) {
        Position p;
        std::string err = parse_position(position_text, rules.players, p);
        if (err.empty()) err = g.setup(p);
        if (!err.empty()) return "line " + std::to_string(position_line) + ": " + err;
    }
    for (const auto& [line, word] : tokens) {
        std::string where = "line " + std::to_string(line) + ": ";
        if (word.back() == '.') {
            int round = parse_count(std::string_view(word).substr(0, word.size() - 1));
            int expected = g.moves_made(g.to_move()) + 1;
            if (round < 0) return where + "'" + word + "' is not a round number";
            if (round != expected)
                return where + "round " + std::to_string(round) + " where round " +
                       std::to_string(expected) + " comes next";
            continue;
        }
        ParsedMove pm = parse_move(g, word);
        if (!pm.error.empty()) return where + "move '" + word + "': " + pm.error;
        g.make(pm.move);
    }
    if (!result_text.empty() && result_text != result_name(g.result()))
        return "line " + std::to_string(result_line) + ": the result says '" + result_text +
               "' but the moves give '" + result_name(g.result()) + "'";
    game = g;
    headers = extra;
    return {};
}

} // namespace halma
