// Game records: a plain-text file a person can read and edit, written and read back here.
//
//     # halma game record
//     players: 2
//     size: 16
//     ...every rule option of options.hpp...
//     seats: human ai:3          <- any further "key: value" lines are kept as they are
//     position: <string>         <- only when the game began from a set-up position
//     result: winner 2 by resign <- as the protocol's `result` says it ("playing" while the
//                                   game goes on)
//
//     1. c3-c4 n14-n13
//     2. b3-d5 o13-m13-m11
//
// A puzzle's record has the puzzle's own lines (puzzle.hpp) in place of the rule options,
// its name under "puzzle:", and one move per line:
//
//     # halma game record
//     puzzle: crossing
//     title: ...
//     size: 16
//     ...start, goal, camp-rule, longjumps, limit, par...
//     result: solved 44
//
//     1. c4-d5
//
// Moves are in notation, chains spelled out, one line per round; "N." opens round N (the
// N-th move of the player moving next) and may be left out. '#' starts a comment. Reading
// replays and checks every move and names the line of anything wrong. A result off the board
// (by resign, time, left, agreement or abort) ends the replayed game when its moves have not;
// any other result must be the one the moves give. Club records also carry "started:" and
// "finished:" (UTC, ISO 8601), kept as extra headers; older club records say how a game ended
// in "order: 2>1" and "ended: resign" (or time), which conclude a 2-player game the moves have
// not ended. Records that begin "# halma solo record" (an older form of a puzzle's record, its
// name under "name:") read too.
#pragma once

#include "halma/game.hpp"
#include "halma/game_text.hpp"
#include "halma/notation.hpp"
#include "halma/options.hpp"
#include "halma/puzzle.hpp"
#include "halma/text.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace halma {

inline constexpr std::string_view kRecordFirstLine = "# halma game record";
inline constexpr std::string_view kOldSoloRecordFirstLine = "# halma solo record";

// The largest record or puzzle a reader takes, from a file or from a network host: far
// beyond any game played (a 16x16 game of 100,000 rounds takes under 4 MiB).
inline constexpr std::size_t kMaxRecordBytes = 16u << 20;

// The value of a header key, or an empty string.
[[nodiscard]] inline std::string header_value(const Options& headers, std::string_view key) {
    for (const auto& kv : headers)
        if (kv.first == key) return kv.second;
    return {};
}

namespace detail {

// Whether a header key is one the record itself gives meaning to (not an extra header).
[[nodiscard]] inline bool record_key(std::string_view key) noexcept {
    if (key == "position" || key == "result" || key == "puzzle") return true;
    for (const char* k : kOptionKeys)
        if (key == k) return true;
    for (const char* k : kPuzzleKeys)
        if (key == k && key != "name") return true;
    return false;
}

// The record's lines of moves: one line per round, chains spelled out.
[[nodiscard]] inline std::string move_lines(const Game& game) {
    Game replay = game.rewound();
    std::string out;
    int round = 0;
    for (std::size_t i = 0; i < game.ply(); ++i) {
        const Move m = game.move_at(i);
        const int mover = replay.to_move();
        const std::string text = chain_name(replay.position(), m, game.rules().longjumps);
        replay.make(m);
        if (replay.moves_made(mover) != round) {
            round = replay.moves_made(mover);
            out += (i ? "\n" : "") + std::to_string(round) + ".";
        }
        out += " " + text;
    }
    return out + (game.ply() ? "\n" : "");
}

} // namespace detail

// The record of a game or puzzle: its rules (or puzzle), the extra headers given, its start
// and its moves.
[[nodiscard]] inline std::string write_record(const Game& game, const Options& extra = {}) {
    std::string out = std::string(kRecordFirstLine) + "\n";
    if (const Puzzle* p = game.puzzle())
        out += puzzle_lines(*p, "puzzle");
    else
        for (const auto& kv : options_of(game.rules())) out += kv.first + ": " + kv.second + "\n";
    for (const auto& kv : extra)
        if (!detail::record_key(kv.first)) out += kv.first + ": " + kv.second + "\n";
    if (game.from_setup()) out += "position: " + position_string(game.initial()) + "\n";
    out += "result: " + result_text(game) + "\n\n";
    return out + detail::move_lines(game);
}

namespace detail {

// The game a record's headers describe, from its start (or its set-up position).
[[nodiscard]] inline TextError game_from_headers(const HeaderBlock& block, bool old_solo,
                                                 bool evacuate_once, Game& out) {
    const Header* puzzle_name = block.find(old_solo ? "name" : "puzzle");
    if (puzzle_name) {
        for (const Header& h : block.headers)
            for (const char* k : kOptionKeys)
                if (h.key == k && h.key != "size" && h.key != "longjumps")
                    return {{}, h.line, h.key, "a puzzle's record has no '" + h.key + ":' line"};
        Puzzle p;
        if (TextError err = puzzle_from_headers(block, puzzle_name->key, p); err.failed()) {
            if (err.line == 0) err.line = puzzle_name->line; // a line the puzzle lacks
            return err;
        }
        out.reset(p);
    } else {
        Options opts;
        for (const Header& h : block.headers)
            for (const char* k : kOptionKeys)
                if (h.key == k) opts.emplace_back(h.key, h.value);
        Rules rules;
        if (TextError err = rules_from_kept(opts, rules); err.failed()) {
            const Header* h = block.find(err.key);
            err.line = h ? h->line : block.headers.empty() ? 1 : block.headers.front().line;
            return err;
        }
        rules.evacuate_once = evacuate_once;
        out.reset(rules);
    }
    if (const Header* h = block.find("position"); h && !h->value.empty()) {
        Position pos;
        std::string err = parse_position(h->value, out.players(), pos);
        if (err.empty()) err = out.setup(pos);
        if (!err.empty()) return {{}, h->line, "position", err};
    }
    return {};
}

// Plays the moves of a record's body (from line `from` on) in game.
[[nodiscard]] inline TextError play_record_moves(std::string_view text, int from, Game& game) {
    for (LineReader reader(text); from > 0 && reader.next();) {
        if (reader.number() < from) continue;
        const std::string_view line = without_comment(reader.line());
        if (has_control_character(line)) return reader.error("control character in the record");
        if (HeaderLine h; read_header_line(line, h))
            return reader.error("a header line after the moves", std::string(h.key));
        for (std::string_view word : split_words(line)) {
            if (word.back() == '.') {
                const int round = parse_count(word.substr(0, word.size() - 1));
                const int expected = game.moves_made(game.to_move()) + 1;
                if (round < 0)
                    return reader.error("'" + std::string(word) + "' is not a round number");
                if (round != expected)
                    return reader.error("round " + std::to_string(round) + " where round " +
                                        std::to_string(expected) + " comes next");
                continue;
            }
            ParsedMove pm = parse_move(game, word);
            if (!pm.error.empty())
                return reader.error("move '" + std::string(word) + "': " + pm.error);
            game.make(pm.move);
        }
    }
    return {};
}

// The seat a result off the board is about: the loser for a resignation, a loss on time or
// a claim (the player to move when that one lost, else the first seat still playing that
// lost), the player to move otherwise.
[[nodiscard]] inline int off_board_seat(const Game& game, Result result) noexcept {
    if (result.outcome != Outcome::Won || !result.won_by(game.to_move())) return game.to_move();
    for (int p = 0; p < game.players(); ++p)
        if (!result.won_by(p) && !game.dropped(p)) return p;
    return game.to_move();
}

// An older club record's "order: A>B" and "ended: resign|time": the 2-player game the moves
// left going concluded, seat A winning. Anything else leaves the game as it is; returns
// whether it concluded.
inline bool conclude_from_order(const HeaderBlock& block, Game& game) {
    const Header* order = block.find("order");
    const Header* ended = block.find("ended");
    if (!order || !ended || game.over() || game.players() != 2) return false;
    if (ended->value != "resign" && ended->value != "time") return false;
    const std::string& o = order->value;
    if (o != "1>2" && o != "2>1") return false;
    const int winner = o[0] - '1';
    game.conclude({Outcome::Won, 1u << winner},
                  ended->value == "resign" ? Ending::Rule::Resigned : Ending::Rule::OutOfTime,
                  1 - winner);
    return true;
}

// Settles a replayed game's result with the record's "result:" header: a result off the
// board concludes a game the moves left going; any other must be the one the moves give.
[[nodiscard]] inline TextError settle_result(const HeaderBlock& block, Game& game) {
    const Header* header = block.find("result");
    const bool given = header && !header->value.empty();
    auto mismatch = [&](const std::string& says) {
        return TextError{{},
                         header->line,
                         "result",
                         "the result says '" + header->value + "' but the moves give '" + says +
                             "'"};
    };
    if (game.puzzle()) {
        if (given && header->value != status_text(game)) return mismatch(status_text(game));
        return {};
    }
    ResultWords words;
    if (given)
        if (std::string why = read_result_words(header->value, game.rules(), words); !why.empty())
            return {{}, header->line, "result", "'" + header->value + "' is not a result: " + why};
    const Ending::Rule rule = off_board_rule(words.reason);
    if (rule != Ending::Rule::None && !game.over()) {
        for (int p = 0; p < game.players(); ++p)
            if (words.result.won_by(p) && game.dropped(p))
                return {{},
                        header->line,
                        "result",
                        "player " + std::to_string(p + 1) + " dropped out and cannot win by " +
                            std::string(reason_name(words.reason))};
        game.conclude(words.result, rule, off_board_seat(game, words.result));
        return {};
    }
    if (words.result.outcome == Outcome::Playing && conclude_from_order(block, game)) return {};
    if (given && (words.status() != status_text(game) ||
                  (words.reason != ResultReason::None && words.reason != result_reason(game))))
        return mismatch(result_text(game));
    return {};
}

} // namespace detail

namespace detail {

// The game a record's headers, moves and result give, the leave-home rule checked at every
// move from the N-th on or (evacuate_once) at the N-th alone.
[[nodiscard]] inline TextError replay_record(std::string_view text, const HeaderBlock& block,
                                             bool old_solo, bool evacuate_once, Game& g) {
    if (TextError err = game_from_headers(block, old_solo, evacuate_once, g); err.failed())
        return err;
    if (TextError err = play_record_moves(text, block.body_line, g); err.failed()) return err;
    return settle_result(block, g);
}

} // namespace detail

// Reads a record into game and its extra headers into headers. Returns what is wrong (with
// its line); on error game and headers are left as they were. A game played before the
// leave-home rule held at every move from the N-th on, whose moves or result the rule as it
// is refuses, is read under the rule it was played under (Rules::evacuate_once).
[[nodiscard]] inline TextError read_record(std::string_view text, Game& game, Options& headers) {
    HeaderBlock block;
    if (TextError err = read_header_block(text, block, "record"); err.failed()) return err;
    const bool old_solo = text.substr(0, kOldSoloRecordFirstLine.size()) == kOldSoloRecordFirstLine;
    Game g;
    if (TextError err = detail::replay_record(text, block, old_solo, false, g); err.failed()) {
        Game kept;
        if (g.puzzle() || g.rules().evacuate == 0 ||
            detail::replay_record(text, block, old_solo, true, kept).failed())
            return err;
        g = std::move(kept);
    }
    Options extra;
    for (const Header& h : block.headers)
        if (!detail::record_key(h.key) && !(old_solo && h.key == "name"))
            extra.emplace_back(h.key, h.value);
    game = std::move(g);
    headers = std::move(extra);
    return {};
}

} // namespace halma
