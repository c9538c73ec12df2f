// Rule options as key=value words: the protocol's newgame keys and the game record's header.
#pragma once

#include "halma/rules.hpp"
#include "halma/text.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace halma {

using Options = std::vector<std::pair<std::string, std::string>>;

// Reads a whole number of at most 18 digits into out, or returns false (out untouched).
[[nodiscard]] inline bool parse_u64(std::string_view text, std::uint64_t& out) noexcept {
    if (text.empty() || text.size() > 18) return false;
    std::uint64_t n = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + static_cast<std::uint64_t>(c - '0');
    }
    out = n;
    return true;
}

// Reads a whole number of at most six digits, or returns -1.
[[nodiscard]] inline int parse_count(std::string_view text) noexcept {
    std::uint64_t n = 0;
    return text.size() <= 6 && parse_u64(text, n) ? static_cast<int>(n) : -1;
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

// How a caller names an option key in its messages (the command line says "--max-turns" for
// "maxturns"); nullptr keeps the key as it is.
using KeyNamer = std::string (*)(std::string_view key);

namespace detail {

// One option after players and size: the words its values may be, and how a value sets the
// rules (false: not a value of it).
struct RuleOption {
    const char* key;
    const char* allowed;
    bool (*apply)(std::string_view value, Rules& r);
};

inline constexpr RuleOption kRuleOptions[] = {
    {"camps", "mixed or small",
     [](std::string_view v, Rules& r) { return parse_choice(v, kCampsNames, r.camps); }},
    {"spoil", "fill, strict or swap",
     [](std::string_view v, Rules& r) { return parse_choice(v, kSpoilNames, r.spoil); }},
    {"evacuate", "a number of moves, 0 = off",
     [](std::string_view v, Rules& r) { return (r.evacuate = parse_count(v)) >= 0; }},
    {"longjumps", "0 or 1",
     [](std::string_view v, Rules& r) {
         r.longjumps = v == "1";
         return v == "0" || v == "1";
     }},
    {"partners", "none, opposite or adjacent",
     [](std::string_view v, Rules& r) { return parse_choice(v, kPartnersNames, r.partners); }},
    {"win", "first or both",
     [](std::string_view v, Rules& r) { return parse_choice(v, kWinNames, r.win); }},
    {"maxturns", "a number of moves per player, 0 = none",
     [](std::string_view v, Rules& r) { return (r.maxturns = parse_count(v)) >= 0; }},
    {"first", nullptr, // detail::allowed() says which
     [](std::string_view v, Rules& r) {
         const int f = parse_count(v);
         r.first = f - 1;
         return f >= 1 && f <= r.players;
     }},
};

} // namespace detail

namespace detail {

// The error for a value an option key cannot take, naming the key as namer does.
[[nodiscard]] inline TextError bad_value(std::string_view key, std::string_view value,
                                         const std::string& allowed, KeyNamer namer) {
    return {{},
            0,
            std::string(key),
            "bad value '" + quoted_piece(value) + "' for " +
                (namer ? namer(key) : std::string(key)) + " (" + allowed + ")"};
}

// Reads players or size, whose values the other options' defaults depend on; false if
// value is not one of them.
[[nodiscard]] inline bool read_table(std::string_view key, std::string_view value, int& players,
                                     int& size) {
    if (key == "players") return (players = parse_count(value)) >= 2 && players <= 4;
    return valid_size(size = parse_count(value));
}

[[nodiscard]] inline const char* table_allowed(std::string_view key) {
    return key == "players" ? "2, 3 or 4" : "8, 10 or 16";
}

// The values an option takes, in words, at a table of this many players.
[[nodiscard]] inline std::string allowed(const RuleOption& o, int players) {
    if (std::string_view(o.key) == "first") return "a player from 1 to " + std::to_string(players);
    return o.allowed;
}

} // namespace detail

// Checks a value of one option key on its own, whatever the other options are (first may
// name any of four players): an empty TextError, or the error rules_from_options() would
// give for it. A key that is not an option is an error too.
[[nodiscard]] inline TextError check_option_value(std::string_view key, std::string_view value,
                                                  KeyNamer namer = nullptr) {
    int players = kMaxPlayers, size = 16;
    if (key == "players" || key == "size")
        return detail::read_table(key, value, players, size)
                   ? TextError{}
                   : detail::bad_value(key, value, detail::table_allowed(key), namer);
    Rules r = Rules::for_game(players, size);
    for (const detail::RuleOption& o : detail::kRuleOptions)
        if (key == o.key)
            return o.apply(value, r)
                       ? TextError{}
                       : detail::bad_value(key, value, detail::allowed(o, players), namer);
    return {{},
            0,
            std::string(key),
            "unknown option '" + (namer ? namer(key) : std::string(key)) + "'"};
}

// Builds rules from options; keys not given take their defaults (RULES), and the evacuation
// default follows the board size. out changes only on success; an error names its key.
[[nodiscard]] inline TextError rules_from_options(const Options& opts, Rules& out,
                                                  KeyNamer namer = nullptr) {
    auto find = [&](std::string_view key) -> const std::string* {
        const std::string* v = nullptr;
        for (const auto& kv : opts)
            if (kv.first == key) v = &kv.second;
        return v;
    };
    for (const auto& kv : opts) {
        bool known = false;
        for (const char* k : kOptionKeys) known = known || kv.first == k;
        if (!known)
            return {
                {}, 0, kv.first, "unknown option '" + (namer ? namer(kv.first) : kv.first) + "'"};
    }
    // 1. Players and size first: the other options' defaults depend on them.
    int players = 2, size = 16;
    for (const char* key : {"players", "size"})
        if (const std::string* v = find(key); v && !detail::read_table(key, *v, players, size))
            return detail::bad_value(key, *v, detail::table_allowed(key), namer);
    Rules r = Rules::for_game(players, size);
    // 2. Every other option as given.
    for (const detail::RuleOption& o : detail::kRuleOptions)
        if (const std::string* v = find(o.key); v && !o.apply(*v, r))
            return detail::bad_value(o.key, *v, detail::allowed(o, players), namer);
    // 3. Combinations that make no game.
    if (std::string problem = r.problem(); !problem.empty()) return {{}, 0, {}, problem};
    out = r;
    return {};
}

// Builds the rules of a game kept before (a record, a club's game, a line of the statistics)
// as rules_from_options() does, except that one naming no spoil rule plays fill: every board's
// default when it was written, so it replays as it was played.
[[nodiscard]] inline TextError rules_from_kept(const Options& opts, Rules& out) {
    Options with_spoil{{"spoil", spoil_name(Spoil::Fill)}};
    with_spoil.insert(with_spoil.end(), opts.begin(), opts.end()); // a given spoil comes later
    return rules_from_options(with_spoil, out);
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
