// Rule options as key=value words: the protocol's newgame keys and the game record's header.
#pragma once

#include "halma/rules.hpp"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace halma {

using Options = std::vector<std::pair<std::string, std::string>>;

// Reads a whole number of at most six digits, or returns -1.
[[nodiscard]] inline int parse_count(std::string_view text) noexcept {
    if (text.empty() || text.size() > 6) return -1;
    int n = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return -1;
        n = n * 10 + (c - '0');
    }
    return n;
}

// Sets out to the enum value named text, names being in the enum's order; false if none is.
template <class Enum, std::size_t N>
[[nodiscard]] bool parse_choice(std::string_view text, const char* const (&names)[N],
                                Enum& out) noexcept {
    for (std::size_t i = 0; i < N; ++i)
        if (text == names[i]) {
            out = static_cast<Enum>(i);
            return true;
        }
    return false;
}

// The option keys, in the order records and help list them.
inline constexpr const char* kOptionKeys[] = {"players",  "size",      "camps",    "spoil",
                                              "evacuate", "longjumps", "partners", "win",
                                              "maxturns", "first"};

// Builds rules from options; keys not given take their defaults (rules.md), and the
// evacuation default follows the board size. Returns an empty string, or what is wrong.
[[nodiscard]] inline std::string rules_from_options(const Options& opts, Rules& out) {
    auto find = [&](std::string_view key) -> const std::string* {
        const std::string* v = nullptr;
        for (const auto& kv : opts)
            if (kv.first == key) v = &kv.second;
        return v;
    };
    for (const auto& kv : opts) {
        bool known = false;
        for (const char* k : kOptionKeys) known = known || kv.first == k;
        if (!known) return "unknown option '" + kv.first + "'";
    }
    auto bad = [](std::string_view key, std::string_view value, std::string_view allowed) {
        return "bad value '" + std::string(value) + "' for " + std::string(key) + " (" +
               std::string(allowed) + ")";
    };
    int players = 2, size = 16;
    if (auto v = find("players")) {
        players = parse_count(*v);
        if (players < 2 || players > 4) return bad("players", *v, "2, 3 or 4");
    }
    if (auto v = find("size")) {
        size = parse_count(*v);
        if (!valid_size(size)) return bad("size", *v, "8, 10 or 16");
    }
    Rules r = Rules::for_game(players, size);
    if (auto v = find("camps"); v && !parse_choice(*v, kCampsNames, r.camps))
        return bad("camps", *v, "mixed or small");
    if (auto v = find("spoil"); v && !parse_choice(*v, kSpoilNames, r.spoil))
        return bad("spoil", *v, "fill, strict or swap");
    if (auto v = find("evacuate")) {
        r.evacuate = parse_count(*v);
        if (r.evacuate < 0) return bad("evacuate", *v, "a number of moves, 0 = off");
    }
    if (auto v = find("longjumps")) {
        if (*v == "0")
            r.longjumps = false;
        else if (*v == "1")
            r.longjumps = true;
        else
            return bad("longjumps", *v, "0 or 1");
    }
    if (auto v = find("partners"); v && !parse_choice(*v, kPartnersNames, r.partners))
        return bad("partners", *v, "none, opposite or adjacent");
    if (auto v = find("win"); v && !parse_choice(*v, kWinNames, r.win))
        return bad("win", *v, "first or both");
    if (auto v = find("maxturns")) {
        r.maxturns = parse_count(*v);
        if (r.maxturns < 0) return bad("maxturns", *v, "a number of moves per player, 0 = none");
    }
    if (auto v = find("first")) {
        int f = parse_count(*v);
        if (f < 1 || f > players)
            return bad("first", *v, "a player from 1 to " + std::to_string(players));
        r.first = f - 1;
    }
    std::string problem = r.problem();
    if (!problem.empty()) return problem;
    out = r;
    return {};
}

// The options that rebuild these rules, every key given that the game has: camps only for
// 3 players, the one table with a choice of camps (a 4-player game's are all small, and
// "mixed" would misdescribe them), so 2- and 4-player records read as they always have.
[[nodiscard]] inline Options options_of(const Rules& r) {
    Options o{{"players", std::to_string(r.players)}, {"size", std::to_string(r.size)}};
    if (r.players == 3) o.emplace_back("camps", camps_name(r.camps));
    Options rest{{"spoil", spoil_name(r.spoil)},
                 {"evacuate", std::to_string(r.evacuate)},
                 {"longjumps", r.longjumps ? "1" : "0"},
                 {"partners", partners_name(r.partners)},
                 {"win", win_name(r.win)},
                 {"maxturns", std::to_string(r.maxturns)},
                 {"first", std::to_string(r.first + 1)}};
    o.insert(o.end(), rest.begin(), rest.end());
    return o;
}

} // namespace halma
