#include "settings/command_line.hpp"

#include "files/record_file.hpp"

#include <cctype>
#include <cstring>

namespace halma::settings {

using files::load_puzzle;

std::string parse_seat(const std::string& word, int default_level, SeatSpec& out) {
    if (word == "human") {
        out = SeatSpec{false, default_level};
        return {};
    }
    if (word == "ai") {
        out = SeatSpec{true, default_level};
        return {};
    }
    if (word == "remote") {
        out = SeatSpec{false, default_level, true};
        return {};
    }
    if (word.rfind("ai:", 0) == 0) {
        int level = parse_count(std::string_view(word).substr(3));
        if (level < ai::kMinLevel || level > ai::kMaxLevel)
            return "bad AI level in '" + word + "' (ai:1 to ai:5)";
        out = SeatSpec{true, level};
        return {};
    }
    return "bad seat '" + word + "' (human, remote, ai or ai:LEVEL)";
}

std::string parse_seats(const std::string& list, int default_level, std::vector<SeatSpec>& out) {
    std::vector<SeatSpec> seats;
    for (std::string_view word : split_on(list, ',')) {
        SeatSpec s;
        if (std::string err = parse_seat(std::string(word), default_level, s); !err.empty())
            return err;
        seats.push_back(s);
    }
    if (seats.size() < 2 || seats.size() > 4) return "--seats needs 2, 3 or 4 seats";
    out = seats;
    return {};
}

std::string parse_names(const std::string& list, std::vector<std::string>& out) {
    std::vector<std::string> names;
    for (std::string_view piece : split_on(list, ',')) {
        const std::string name(trim(piece));
        if (name.empty()) return "--names needs a name between each pair of commas";
        if (name.size() > kMaxNameLength)
            return "the name '" + name + "' is too long (at most " +
                   std::to_string(kMaxNameLength) + " characters)";
        for (char ch : name)
            if (ch < ' ' || ch > '~' || ch == '#')
                return "the name '" + name +
                       "' may hold only printable ASCII characters, and no '#'";
        names.push_back(name);
    }
    if (names.size() > 4) return "--names gives more than 4 names";
    out = names;
    return {};
}

std::vector<std::string> seat_names(const std::vector<std::string>& names,
                                    const std::vector<SeatSpec>& seats) {
    std::vector<std::string> out(seats.size());
    std::size_t next = 0;
    for (std::size_t p = 0; p < seats.size() && next < names.size(); ++p)
        if (!seats[p].ai && !seats[p].remote) out[p] = names[next++];
    return out;
}

std::string seats_text(const std::vector<SeatSpec>& seats) {
    std::string s;
    for (const SeatSpec& seat : seats) {
        if (!s.empty()) s += ' ';
        s += seat.ai ? "ai:" + std::to_string(seat.level) : seat.remote ? "remote" : "human";
    }
    return s;
}

namespace {

// Sets a rule option, replacing an earlier value of the same key.
void set_rule(Options& opts, const std::string& key, const std::string& value) {
    for (auto& kv : opts)
        if (kv.first == key) {
            kv.second = value;
            return;
        }
    opts.emplace_back(key, value);
}

// Reads a number within [lo, hi] for the option `name`.
std::string read_number(const std::string& value, const char* name, int lo, int hi,
                        const char* what, int& to) {
    const int n = parse_count(value);
    if (n < lo || n > hi) return "bad value '" + value + "' for --" + name + " (" + what + ")";
    to = n;
    return {};
}

constexpr const char* kGame = "Game:";
constexpr const char* kRules = "Rules (see the man page):";
constexpr const char* kFiles = "Files:";
constexpr const char* kDisplay = "Display:";
constexpr const char* kNet = "Network play (see NETWORK PLAY in the man page):";
constexpr const char* kClub = "The club (see CLUB in the man page):";
constexpr const char* kOther = "Other:";

constexpr const char* kDoor = "The club's door and other hosts (see THE DOOR in the man page):";

// Reads the HOST of NAME@HOST or @HOST: what ssh takes as a host, never an option to it.
std::string read_remote_host(std::string_view host, Config& c) {
    if (host.empty()) return "a host is needed after '@'";
    if (host[0] == '-') return "a host may not start with '-': '" + quoted_piece(host) + "'";
    for (char ch : host)
        if (!std::isalnum(static_cast<unsigned char>(ch)) && !std::strchr(".-_@:[]%", ch))
            return "'" + quoted_piece(host) + "' is not a host name";
    if (!c.network.remote.host.empty() && c.network.remote.host != host)
        return "one host at a time";
    c.network.remote.host = std::string(host);
    return {};
}

// Reads "NAME[@HOST] [CODE]" for --join or --watch.
std::string read_game_and_code(const std::string& value, std::string& name, std::string& code,
                               Config& c) {
    const std::vector<std::string_view> words = split_words(value);
    if (words.empty()) return "a game name is needed";
    const std::string_view word = words[0];
    const std::size_t at = word.find('@');
    name = std::string(word.substr(0, at));
    code = words.size() > 1 ? std::string(words[1]) : std::string();
    if (name.empty()) return "a game name is needed before '@'";
    return at == std::string_view::npos ? std::string() : read_remote_host(word.substr(at + 1), c);
}

// An option that names a mode; of two, the later in Mode's list wins.
template <Mode mode>
std::string set_mode(Config& c, const std::string&) {
    if (c.mode < mode) c.mode = mode;
    return {};
}

// Reads --club's words, taking out an @HOST among them.
std::string read_club_words(Config& c, const std::string& value) {
    c.club.words.clear();
    for (std::string_view w : split_words(value)) {
        if (w[0] == '@') {
            if (std::string e = read_remote_host(w.substr(1), c); !e.empty()) return e;
            continue;
        }
        c.club.words += (c.club.words.empty() ? "" : " ") + std::string(w);
    }
    return set_mode<Mode::Club>(c, value);
}

// clang-format off
const std::vector<OptionSpec> kOptions = {
    {"players", Takes::Value, "N", "2, 3 or 4 players (default 2)", kGame, nullptr, "players"},
    {"size", Takes::Value, "N", "board size 8, 10 or 16 (default 16; 3 and 4 players need 16)", kGame, nullptr, "size"},
    {"camps", Takes::Value, "SETUP", "3 players: mixed (19/13/19, default) or small (13 each)", kGame, nullptr, "camps"},
    {"seats", Takes::Value, "LIST", "one of human, ai, ai:LEVEL per seat, comma-separated\n(default: human, then the AI in every other seat)", kGame, nullptr, nullptr, &Config::seats_given,
     [](Config& c, const std::string& v) { return c.seats_list = v, std::string(); }},
    {"names", Takes::Value, "LIST", "the names of the people at the human seats, in seat\norder, comma-separated (at most 16 characters each)", kGame, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return parse_names(v, c.names); }},
    {"level", Takes::Value, "N", "AI level 1..5 for seats given as plain 'ai' (default 3)", kGame, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return read_number(v, "level", ai::kMinLevel, ai::kMaxLevel, "1 to 5", c.level); }},
    {"movetime", Takes::Value, "MS", "the AI's thinking time per move (default 1000)", kGame, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return read_number(v, "movetime", 1, ai::kMaxMovetimeMs, "milliseconds, 1 to 600000", c.movetime_ms); }},
    {"first", Takes::Value, "P", "player P moves first (default: drawn at random)", kGame, nullptr, "first", &Config::first_given},
    {"seed", Takes::Value, "N", "repeatable first-player draw and AI", kGame, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) {
         c.seed_given = true;
         return parse_u64(v, c.seed) ? std::string() : "bad value '" + v + "' for --seed (a whole number)";
     }},
    {"solo", Takes::OptionalValue, "[PUZZLE]", "solitaire: a puzzle alone, in as few moves as you can\n(default crossing; also crossing-13, crossing-10x10,\ncrossing-8x8, symmetry, mirror, symmetry-a16p1;\nor a puzzle file)", kGame, "crossing", nullptr, nullptr,
     [](Config& c, const std::string& v) {
         Puzzle p;
         c.solo = v;
         return load_puzzle(v, p).message();
     }},
    {"spoil", Takes::Value, "MODE", "fill, strict or swap (default: fill on 16x16,\nstrict on 10x10 and 8x8)", kRules, nullptr, "spoil"},
    {"evacuate", Takes::Value, "N", "home camp must stay empty from move N on; 0 = off", kRules, nullptr, "evacuate"},
    {"long-jumps", Takes::Nothing, "", "hops over a piece at any distance", kRules, "1", "longjumps"},
    {"partners", Takes::Value, "MODE", "none, opposite or adjacent (4 players)", kRules, nullptr, "partners"},
    {"win", Takes::Value, "MODE", "first or both (partners)", kRules, nullptr, "win"},
    {"max-turns", Takes::Value, "N", "draw after N moves per player; 0 = no limit", kRules, nullptr, "maxturns"},
    {"load", Takes::Value, "FILE", "continue a saved game record", kFiles, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return c.load_path = v, std::string(v.empty() ? "--load needs a file name" : ""); }},
    {"resume", Takes::Nothing, "", "continue the game kept when you last quit or the\nterminal hung up", kFiles, nullptr, nullptr, &Config::resume},
    {"review", Takes::Value, "FILE", "look back at a game record move by move (any\nrecord, finished or not), and play on from any move", kFiles, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return c.review_path = v, std::string(v.empty() ? "--review needs a file name" : ""); }},
    {"config", Takes::Value, "FILE", "read the settings from FILE instead of the config\nfile (see CONFIGURATION in the man page)", kFiles, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return c.config_file.path = v, std::string(v.empty() ? "--config needs a file name" : ""); }},
    {"no-config", Takes::Nothing, "", "read no config file", kFiles, nullptr, nullptr, nullptr,
     [](Config& c, const std::string&) { return c.config_file.none = true, std::string(); }},
    {"ascii", Takes::Nothing, "", "plain ASCII drawing", kDisplay, nullptr, nullptr, nullptr,
     [](Config& c, const std::string&) { return c.display.ascii = true, std::string(); }},
    {"no-color", Takes::Nothing, "", "no colours (also when NO_COLOR is set)", kDisplay, nullptr, nullptr, nullptr,
     [](Config& c, const std::string&) { return c.display.no_color = true, std::string(); }},
    {"no-mouse", Takes::Nothing, "", "ignore the mouse", kDisplay, nullptr, nullptr, nullptr,
     [](Config& c, const std::string&) { return c.display.no_mouse = true, std::string(); }},
    {"theme", Takes::Value, "NAME", "colours: dark (default), light, contrast or mono", kDisplay, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) {
         return parse_theme(v, c.display.theme) ? std::string() : "bad value '" + v + "' for --theme (" + kThemeChoices + ")";
     }},
    {"orientation", Takes::Value, "WAY", "whose side is at the bottom left: own (yours,\ndefault), fixed (player 1's) or mover (each\nperson's at one keyboard on their turn)", kDisplay, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) {
         return parse_orientation(v, c.display.orientation) ? std::string() : "bad value '" + v + "' for --orientation (" + kOrientationChoices + ")";
     }},
    {"no-race-meter", Takes::Nothing, "", "no estimate of each player's moves to go", kDisplay, nullptr, nullptr, nullptr,
     [](Config& c, const std::string&) { return c.display.race_meter = false, std::string(); }},
    {"bell", Takes::Nothing, "", "ring the terminal's bell when it becomes your turn", kDisplay, nullptr, nullptr, nullptr,
     [](Config& c, const std::string&) { return c.display.bell = true, std::string(); }},
    {"host", Takes::Value, "NAME", "host a game that people at other terminals of this\nmachine join (seats: human, then remote)", kNet, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return c.network.host = v, std::string(); }},
    {"join", Takes::NameThenWord, "NAME", "take a seat in a hosted game (USER/NAME: only if\nUSER hosts it; NAME@HOST: a game on another host,\nthrough ssh); another user's game asks for the\ninvite code its host shows, or reads HALMA_CODE", kNet, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return read_game_and_code(v, c.network.join, c.network.code, c); }},
    {"seat", Takes::Value, "N", "the seat --join takes (default: the first free one)", kNet, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) {
         int number = 0;
         std::string e = read_number(v, "seat", 1, 4, "1 to 4", number);
         return c.network.seat = seat_of_number(number), e;
     }},
    {"watch", Takes::NameThenWord, "NAME", "follow a hosted game without a seat (NAME,\nUSER/NAME or NAME@HOST, as for --join)", kNet, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return read_game_and_code(v, c.network.watch, c.network.code, c); }},
    {"games", Takes::Nothing, "", "list the games hosted on this machine", kNet, nullptr, nullptr, nullptr, set_mode<Mode::Games>},
    {"club", Takes::Words, "[VERB ...] [@HOST]", "the club on this host (or another): games, ratings,\nhistory [NAME], record ID, notify, addkey,\ntournament WORDS, backup FILE, export FILE, import FILE", kClub, nullptr, nullptr, nullptr, read_club_words},
    {"club-dir", Takes::Value, "DIR", "the club's directory (default: $HALMA_CLUB_DIR,\n/var/lib/halma, or club in the state directory)", kClub, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return c.club.dir = v, std::string(v.empty() ? "--club-dir needs a directory" : ""); }},
    {"club-store", Takes::Value, "URI", "where the club's server keeps the club: sqlite (the\nfile club.db in its directory, the default) or\npostgresql:CONNINFO; the directory remembers it", kClub, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return c.club.store = v, std::string(v.empty() ? "--club-store needs sqlite or postgresql:CONNINFO" : ""); }},
    {"club-server", Takes::Nothing, "", "run the club's server in the foreground", kClub, nullptr, nullptr, nullptr, set_mode<Mode::ClubServer>},
    {"remote-cmd", Takes::Value, "PATH", "halma's path on the other host of @HOST\n(default: halma, found on its PATH)", kDoor, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) {
         c.network.remote.command = v;
         c.network.remote.command_given = true;
         return std::string(v.empty() || has_control_character(v) ? "--remote-cmd needs a program's path" : "");
     }},
    {"relay", Takes::Words, "club | game NAME", "what another host's halma runs here through ssh:\nthe club's or a game's socket on standard input\nand output", kDoor, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return c.club.door.relay = v, set_mode<Mode::Relay>(c, v); }},
    {"door", Takes::Value, "FINGERPRINT", "the club's lobby for an SSH key: what sshd runs\nfor the door's account", kDoor, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return c.club.door.fingerprint = v, set_mode<Mode::Door>(c, v); }},
    {"door-keys", Takes::Words, "%u %t %k %f", "sshd's AuthorizedKeysCommand for the door's account:\nthe line that lets a key in to the door", kDoor, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return c.club.door.keys = v, set_mode<Mode::DoorKeys>(c, v); }},
    {"door-check", Takes::Words, "[SSHD_CONFIG]", "check what sshd and the door's account meet, and say\nwhat to do (sshd's configuration: /etc/ssh/sshd_config)", kDoor, nullptr, nullptr, nullptr,
     [](Config& c, const std::string& v) { return c.club.door.check = v, set_mode<Mode::DoorCheck>(c, v); }},
    {"engine", Takes::Nothing, "", "the text protocol on standard input and output", kOther, nullptr, nullptr, nullptr, set_mode<Mode::Engine>},
    {"stats", Takes::Nothing, "", "your record against the computer, as a table", kOther, nullptr, nullptr, nullptr, set_mode<Mode::Stats>},
    {"help", Takes::Nothing, "", "this help", kOther, nullptr, nullptr, nullptr, set_mode<Mode::Help>, 'h'},
    {"version", Takes::Nothing, "", "the version", kOther, nullptr, nullptr, nullptr, set_mode<Mode::Version>},
};
// clang-format on

// The option named `name`, or nullptr.
const OptionSpec* find_option(std::string_view name) {
    for (const OptionSpec& o : kOptions)
        if (name == o.name) return &o;
    return nullptr;
}

// The option whose one-letter name is argument `arg` ("-h"), or nullptr.
const OptionSpec* find_letter(std::string_view arg) {
    if (arg.size() != 2 || arg[0] != '-' || arg[1] == '-') return nullptr;
    for (const OptionSpec& o : kOptions)
        if (o.letter && arg[1] == o.letter) return &o;
    return nullptr;
}

// Reads the option at argv[i] (and its value, moving i past it) into cfg.
std::string read_option(int argc, const char* const* argv, int& i, Config& cfg) {
    std::string arg = argv[i];
    if (const OptionSpec* o = find_letter(arg)) arg = "--" + std::string(o->name);
    if (arg.rfind("--", 0) != 0 || arg.size() == 2) return "unknown argument '" + arg + "'";
    std::string name = arg.substr(2), value;
    const std::size_t eq = name.find('=');
    const bool inline_value = eq != std::string::npos;
    if (inline_value) value = name.substr(eq + 1), name = name.substr(0, eq);
    const OptionSpec* o = find_option(name);
    if (!o) return "unknown option '--" + name + "'";
    switch (o->takes) {
    case Takes::Nothing:
        if (inline_value) return "--" + name + " takes no value";
        break;
    case Takes::Value:
        if (!inline_value) {
            if (i + 1 >= argc) return "--" + name + " needs a value";
            value = argv[++i];
        }
        break;
    case Takes::OptionalValue:
        if (!inline_value) value = i + 1 < argc && argv[i + 1][0] != '-' ? argv[++i] : o->implied;
        break;
    case Takes::NameThenWord:
        if (!inline_value) {
            if (i + 1 >= argc) return "--" + name + " needs a value";
            value = argv[++i];
        }
        if (i + 1 < argc && argv[i + 1][0] != '-') { // an invite code: wiped once read
            value += " " + std::string(argv[++i]);
            cfg.network.code_at = argv[i];
        }
        break;
    case Takes::Words:
        while (!inline_value && i + 1 < argc && argv[i + 1][0] != '-')
            value += (value.empty() ? "" : " ") + std::string(argv[++i]);
        break;
    }
    if (o->rule_key)
        set_rule(cfg.rule_options, o->rule_key, o->takes == Takes::Nothing ? o->implied : value);
    if (o->flag) cfg.*(o->flag) = true;
    return o->apply ? o->apply(cfg, value) : std::string();
}

// parse_command_line() before its message is made printable.
std::string read_command_line(int argc, const char* const* argv, Config& out) {
    Config cfg = out;
    for (int i = 1; i < argc; ++i)
        if (std::string err = read_option(argc, argv, i, cfg); !err.empty()) return err;
    if (cfg.seats_given) {
        if (std::string err = parse_seats(cfg.seats_list, cfg.level, cfg.seats); !err.empty())
            return err;
        bool players_given = false;
        for (const auto& kv : cfg.rule_options) players_given |= kv.first == "players";
        if (!players_given) set_rule(cfg.rule_options, "players", std::to_string(cfg.seats.size()));
    }
    if (!cfg.load_path.empty() && cfg.resume) return "--load and --resume cannot be combined";
    if (!cfg.review_path.empty() &&
        (!cfg.load_path.empty() || cfg.resume || !cfg.solo.empty() || !cfg.network.host.empty() ||
         !cfg.network.join.empty() || !cfg.network.watch.empty()))
        return "--review opens a record of its own; it goes with no --load, --resume, --solo "
               "or network play";
    if (!cfg.config_file.path.empty() && cfg.config_file.none)
        return "--config and --no-config cannot be combined";
    if (!cfg.solo.empty() && (!cfg.load_path.empty() || cfg.resume))
        return "--solo starts a puzzle afresh; it cannot be combined with --load or --resume";
    if (cfg.mode == Mode::Door || cfg.mode == Mode::DoorKeys) // sshd's command line, whole
        for (int i = 1; i < argc; ++i) {
            const std::string_view a = argv[i];
            if (a.rfind("--", 0) == 0 && a != "--door" && a != "--door-keys" &&
                a.rfind("--club-dir", 0) != 0 && a.rfind("--door=", 0) != 0)
                return "--door and --door-keys take --club-dir and nothing else";
        }
    if (!cfg.club.door.fingerprint.empty() && !cfg.club.door.keys.empty())
        return "--door and --door-keys go one at a time";
    if (!cfg.network.remote.host.empty() &&
        (cfg.mode == Mode::Door || cfg.mode == Mode::DoorKeys || cfg.mode == Mode::Relay))
        return "@HOST is for --join, --watch and --club";
    if (cfg.network.remote.command_given && cfg.network.remote.host.empty())
        return "--remote-cmd goes with a game or club on another host (@HOST)";
    const bool club = cfg.mode == Mode::Club || cfg.mode == Mode::ClubServer ||
                      cfg.mode == Mode::Door || cfg.mode == Mode::DoorKeys ||
                      cfg.mode == Mode::DoorCheck;
    const int network = !cfg.network.host.empty() + !cfg.network.join.empty() +
                        !cfg.network.watch.empty() + (cfg.mode == Mode::Games) + club;
    if (network > 1)
        return "--host, --join, --watch, --games, --club and --club-server go one at a time";
    if (!cfg.club.dir.empty() && !club) return "--club-dir goes with --club or --club-server";
    const std::string club_verb = cfg.club.words.substr(0, cfg.club.words.find(' '));
    if (!cfg.club.store.empty() && cfg.mode != Mode::ClubServer &&
        !(cfg.mode == Mode::Club && (club_verb == "export" || club_verb == "import")))
        return "--club-store goes with --club-server, --club export and --club import";
    if (network && !cfg.solo.empty()) return "a puzzle is played alone, not over the network";
    if ((!cfg.network.join.empty() || !cfg.network.watch.empty()) &&
        (cfg.resume || !cfg.load_path.empty()))
        return "--join and --watch take the game from its host; --load and --resume are for "
               "the host";
    if (cfg.network.seat != kNoSeat && cfg.network.join.empty()) return "--seat goes with --join";
    out = cfg;
    return {};
}

} // namespace

const std::vector<OptionSpec>& option_specs() { return kOptions; }

std::string option_name(std::string_view rule_key) {
    for (const OptionSpec& o : kOptions)
        if (o.rule_key && rule_key == o.rule_key) return o.name;
    return std::string(rule_key);
}

std::string option_flag(std::string_view rule_key) { return "--" + option_name(rule_key); }

const char* option_rule_key(std::string_view name) {
    for (const OptionSpec& o : kOptions)
        if (name == o.name) return o.rule_key;
    return nullptr;
}

std::string parse_command_line(int argc, const char* const* argv, Config& out) {
    return printable(read_command_line(argc, argv, out));
}

std::string finish_config(Config& cfg) {
    Rules rules;
    if (TextError err = rules_from_options(cfg.rule_options, rules, option_flag); err.failed())
        return printable(err.text);
    if (cfg.seats_given && static_cast<int>(cfg.seats.size()) != rules.players)
        return "--seats lists " + std::to_string(cfg.seats.size()) + " seats for a game of " +
               std::to_string(rules.players) + " players";
    if (!cfg.seats_given) { // human, then the AI; or, hosting, then remote players
        const SeatSpec other =
            cfg.network.host.empty() ? SeatSpec{true, cfg.level} : SeatSpec{false, cfg.level, true};
        cfg.seats.assign(static_cast<std::size_t>(rules.players), other);
        cfg.seats[0] = SeatSpec{false, cfg.level};
    }
    bool remote = false;
    std::size_t humans = 0;
    for (const SeatSpec& s : cfg.seats) {
        remote = remote || s.remote;
        humans += !s.ai && !s.remote;
    }
    if (cfg.names.size() > humans)
        return "--names gives " + std::to_string(cfg.names.size()) + " names for " +
               std::to_string(humans) + (humans == 1 ? " human seat" : " human seats");
    if (remote && cfg.network.host.empty() && !cfg.resume)
        return "remote seats are for a hosted game: add --host NAME";
    cfg.rules = rules;
    return {};
}

std::string help_text() {
    std::string out = "usage: halma [OPTION]...\nHalma, the 1880s board game, in the terminal.\n";
    const char* group = "";
    for (const OptionSpec& o : kOptions) {
        if (std::string_view(group) != o.group)
            out += std::string(*group ? "" : "\n") + o.group + "\n";
        group = o.group;
        std::string left = o.letter ? std::string("  -") + o.letter + ", --" : "  --";
        left += std::string(o.name) + (*o.arg ? " " : "") + o.arg;
        if (left.size() + 2 > kHelpColumn) { // too long to share a line with its description
            out += left + "\n";
            left.clear();
        }
        left.resize(kHelpColumn, ' ');
        for (std::string_view line : split_on(o.help, '\n')) {
            out += left + std::string(line) + "\n";
            left.assign(kHelpColumn, ' ');
        }
    }
    return out;
}

} // namespace halma::settings
