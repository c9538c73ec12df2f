#include "tui/config.hpp"

#include "record_file.hpp"

#include "halma/solo.hpp"

#include <cstring>

namespace halma::tui {

std::string parse_seat(const std::string& word, int default_level, SeatSpec& out) {
    if (word == "human") {
        out = SeatSpec{false, default_level};
        return {};
    }
    if (word == "ai") {
        out = SeatSpec{true, default_level};
        return {};
    }
    if (word.rfind("ai:", 0) == 0) {
        int level = parse_count(std::string_view(word).substr(3));
        if (level < ai::kMinLevel || level > ai::kMaxLevel)
            return "bad AI level in '" + word + "' (ai:1 to ai:5)";
        out = SeatSpec{true, level};
        return {};
    }
    return "bad seat '" + word + "' (human, ai or ai:LEVEL)";
}

std::string parse_seats(const std::string& list, int default_level, std::vector<SeatSpec>& out) {
    std::vector<SeatSpec> seats;
    std::size_t start = 0;
    for (;;) {
        std::size_t comma = list.find(',', start);
        std::string word = list.substr(start, comma == std::string::npos ? comma : comma - start);
        SeatSpec s;
        if (std::string err = parse_seat(word, default_level, s); !err.empty()) return err;
        seats.push_back(s);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    if (seats.size() < 2 || seats.size() > 4) return "--seats needs 2, 3 or 4 seats";
    out = seats;
    return {};
}

std::string seats_text(const std::vector<SeatSpec>& seats) {
    std::string s;
    for (const SeatSpec& seat : seats) {
        if (!s.empty()) s += ' ';
        s += seat.ai ? "ai:" + std::to_string(seat.level) : "human";
    }
    return s;
}

namespace {

// How an option takes its value: none (a switch) or the next word (or after '=').
struct OptionDef {
    const char* name;
    bool takes_value;
};

constexpr OptionDef kOptions[] = {
    {"players", true},   {"size", true},        {"seats", true},    {"level", true},
    {"movetime", true},  {"first", true},       {"seed", true},     {"spoil", true},
    {"evacuate", true},  {"long-jumps", false}, {"partners", true}, {"win", true},
    {"max-turns", true}, {"load", true},        {"resume", false},  {"ascii", false},
    {"no-color", false}, {"no-mouse", false},   {"engine", false},  {"help", false},
    {"version", false},  {"solo", false},       {"camps", true},
};

// Reads a non-negative number of at most 18 digits, or returns false.
bool parse_u64(const std::string& text, std::uint64_t& out) {
    if (text.empty() || text.size() > 18) return false;
    std::uint64_t n = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return false;
        n = n * 10 + static_cast<std::uint64_t>(c - '0');
    }
    out = n;
    return true;
}

// Sets a rule option, replacing an earlier value of the same key.
void set_rule(Options& opts, const std::string& key, const std::string& value) {
    for (auto& kv : opts)
        if (kv.first == key) {
            kv.second = value;
            return;
        }
    opts.emplace_back(key, value);
}

} // namespace

std::string parse_command_line(int argc, const char* const* argv, Config& out) {
    Config cfg;
    std::string seats_list;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg.rfind("--", 0) != 0 || arg.size() == 2) return "unknown argument '" + arg + "'";
        std::string name = arg.substr(2), value;
        bool inline_value = false;
        if (std::size_t eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
            inline_value = true;
        }
        const OptionDef* def = nullptr;
        for (const OptionDef& d : kOptions)
            if (name == d.name) def = &d;
        if (!def) return "unknown option '--" + name + "'";
        if (def->takes_value && !inline_value) {
            if (i + 1 >= argc) return "--" + name + " needs a value";
            value = argv[++i];
        } else if (name == "solo") {
            // The puzzle is optional: the next word unless it is another option.
            if (!inline_value)
                value = i + 1 < argc && argv[i + 1][0] != '-' ? argv[++i] : "crossing";
        } else if (!def->takes_value && inline_value) {
            return "--" + name + " takes no value";
        }
        auto number = [&](int lo, int hi, int& to, const char* what) -> std::string {
            int n = parse_count(value);
            if (n < lo || n > hi)
                return "bad value '" + value + "' for --" + name + " (" + what + ")";
            to = n;
            return {};
        };
        std::string err;
        if (name == "players" || name == "size" || name == "spoil" || name == "evacuate" ||
            name == "partners" || name == "win" || name == "first" || name == "camps")
            set_rule(cfg.rule_options, name, value);
        else if (name == "max-turns")
            set_rule(cfg.rule_options, "maxturns", value);
        else if (name == "long-jumps")
            set_rule(cfg.rule_options, "longjumps", "1");
        else if (name == "seats")
            seats_list = value, cfg.seats_given = true;
        else if (name == "level")
            err = number(ai::kMinLevel, ai::kMaxLevel, cfg.level, "1 to 5");
        else if (name == "movetime")
            err = number(1, 600000, cfg.movetime_ms, "milliseconds, 1 to 600000");
        else if (name == "seed") {
            if (!parse_u64(value, cfg.seed))
                err = "bad value '" + value + "' for --seed (a whole number)";
            cfg.seed_given = true;
        } else if (name == "load") {
            if (value.empty()) err = "--load needs a file name";
            cfg.load_path = value;
        } else if (name == "resume")
            cfg.resume = true;
        else if (name == "ascii")
            cfg.ascii = true;
        else if (name == "no-color")
            cfg.no_color = true;
        else if (name == "no-mouse")
            cfg.no_mouse = true;
        else if (name == "engine")
            cfg.engine = true;
        else if (name == "help")
            cfg.help = true;
        else if (name == "version")
            cfg.version = true;
        else if (name == "solo") {
            solo::Puzzle p;
            err = load_puzzle(value, p);
            cfg.solo = value;
        }
        if (!err.empty()) return err;
        if (name == "first") cfg.first_given = true;
    }
    if (cfg.seats_given) {
        if (std::string err = parse_seats(seats_list, cfg.level, cfg.seats); !err.empty())
            return err;
        bool players_given = false;
        for (const auto& kv : cfg.rule_options)
            players_given = players_given || kv.first == "players";
        if (!players_given) set_rule(cfg.rule_options, "players", std::to_string(cfg.seats.size()));
    }
    if (!cfg.load_path.empty() && cfg.resume) return "--load and --resume cannot be combined";
    if (!cfg.solo.empty() && (!cfg.load_path.empty() || cfg.resume))
        return "--solo starts a puzzle afresh; it cannot be combined with --load or --resume";
    out = cfg;
    return {};
}

std::string finish_config(Config& cfg) {
    Rules rules;
    if (std::string err = rules_from_options(cfg.rule_options, rules); !err.empty()) {
        // Speak in command-line words: "maxturns" is --max-turns, "longjumps" --long-jumps.
        for (auto [from, to] : {std::pair<const char*, const char*>{"maxturns", "--max-turns"},
                                {"longjumps", "--long-jumps"}})
            if (std::size_t at = err.find(from); at != std::string::npos)
                err.replace(at, std::strlen(from), to);
        return err;
    }
    if (cfg.seats_given && static_cast<int>(cfg.seats.size()) != rules.players)
        return "--seats lists " + std::to_string(cfg.seats.size()) + " seats for a game of " +
               std::to_string(rules.players) + " players";
    if (!cfg.seats_given) {
        cfg.seats.assign(static_cast<std::size_t>(rules.players), SeatSpec{true, cfg.level});
        cfg.seats[0].ai = false;
    }
    cfg.rules = rules;
    return {};
}

const char* help_text() {
    return "usage: halma [OPTION]...\n"
           "Halma, the 1880s board game, in the terminal.\n"
           "\n"
           "Game:\n"
           "  --players N       2, 3 or 4 players (default 2)\n"
           "  --size N          board size 8, 10 or 16 (default 16; 3 and 4 players need 16)\n"
           "  --camps SETUP     3 players: mixed (19/13/19, default) or small (13 each)\n"
           "  --seats LIST      one of human, ai, ai:LEVEL per seat, comma-separated\n"
           "                    (default: human, then the AI in every other seat)\n"
           "  --level N         AI level 1..5 for seats given as plain 'ai' (default 3)\n"
           "  --movetime MS     the AI's thinking time per move (default 1000)\n"
           "  --first P         player P moves first (default: drawn at random)\n"
           "  --seed N          repeatable first-player draw and AI\n"
           "  --solo [PUZZLE]   solitaire: a puzzle alone, in as few moves as you can\n"
           "                    (default crossing; also crossing-13, crossing-10x10,\n"
           "                    crossing-8x8, symmetry; or a puzzle file)\n"
           "Rules (see the man page):\n"
           "  --spoil MODE      fill (default), strict or swap\n"
           "  --evacuate N      home camp must be empty after move N; 0 = off\n"
           "  --long-jumps      hops over a piece at any distance\n"
           "  --partners MODE   none, opposite or adjacent (4 players)\n"
           "  --win MODE        first or both (partners)\n"
           "  --max-turns N     draw after N moves per player; 0 = no limit\n"
           "Files:\n"
           "  --load FILE       continue a saved game record\n"
           "  --resume          continue the game saved when the terminal hung up\n"
           "Display:\n"
           "  --ascii           plain ASCII drawing\n"
           "  --no-color        no colours (also when NO_COLOR is set)\n"
           "  --no-mouse        ignore the mouse\n"
           "Other:\n"
           "  --engine          the text protocol on standard input and output\n"
           "  --help            this help\n"
           "  --version         the version\n";
}

} // namespace halma::tui
