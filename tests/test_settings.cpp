// The settings a run starts with (src/settings/settings.hpp): the config file under the command
// line, each fault a note and never fatal, the file's keys one with the option table's
// names, and a game's settings saved as defaults reading back as the same game.
#include "settings/settings.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <sys/stat.h>

using namespace halma;
using namespace halma::settings;
using test_support::ScopedEnv;
using test_support::slurp;
using test_support::TempDir;

namespace {

using Strings = std::vector<std::string>;

// A home with a config file holding text, for one test.
struct ConfigHome {
    TempDir dir;
    std::string file;
    ScopedEnv xdg;
    explicit ConfigHome(const std::string& text)
        : file(dir.path + "/halma/config"), xdg("XDG_CONFIG_HOME", dir.path.c_str()) {
        REQUIRE(!dir.path.empty());
        REQUIRE(mkdir((dir.path + "/halma").c_str(), 0700) == 0);
        std::ofstream(file) << text;
    }
};

// read_settings over a command line given as words after "halma".
std::string read(std::vector<const char*> args, Config& cfg, Startup& out) {
    args.insert(args.begin(), "halma");
    return read_settings(static_cast<int>(args.size()), args.data(), cfg, out);
}

Strings messages(const Startup& s) {
    Strings out;
    for (const TextError& e : s.notes) out.push_back(e.message());
    return out;
}

} // namespace

TEST_CASE("settings: the file's keys are the option table's names", "[settings]") {
    std::vector<std::string> names;
    for (const OptionSpec& o : option_specs()) names.push_back(o.name);
    auto is_option = [&](const std::string& n) {
        return std::find(names.begin(), names.end(), n) != names.end();
    };
    for (std::string_view key : setting_keys()) {
        INFO(key);
        const std::string k(key);
        CHECK((is_option(k) || is_option("no-" + k)));
    }
    // Every option is a setting, the negation of one, or for one run only.
    for (const std::string& name : names) {
        INFO(name);
        const bool setting =
            std::find(setting_keys().begin(), setting_keys().end(), name) != setting_keys().end();
        const bool negated =
            name.rfind("no-", 0) == 0 && std::find(setting_keys().begin(), setting_keys().end(),
                                                   name.substr(3)) != setting_keys().end();
        const bool one_run = check_setting(name, "x").find("for one run") != std::string::npos;
        CHECK(setting + negated + one_run == 1);
    }
}

TEST_CASE("settings: as command-line options, the last of a key counting", "[settings]") {
    const std::vector<Setting> s = {{"level", "2", 1},        {"color", "no", 2},
                                    {"ascii", "yes", 3},      {"ascii", "no", 4},
                                    {"mouse", "yes", 5},      {"long-jumps", "on", 6},
                                    {"size", "8", 7},         {"theme", "contrast", 8},
                                    {"seats", "human,ai", 9}, {"level", "4", 10}};
    CHECK(settings_as_options(s, true) == Strings{"--size=8", "--seats=human,ai", "--level=4",
                                                  "--long-jumps", "--no-color",
                                                  "--theme=contrast"});
    CHECK(settings_as_options(s, false) == Strings{"--level=4", "--no-color", "--theme=contrast"});
}

TEST_CASE("settings: the file sets the run up, the command line overrides it", "[settings]") {
    ConfigHome home("# mine\n"
                    "size = 10\nseats = human,ai\nlevel = 4\nmovetime = 300\nfirst = 2\n"
                    "spoil = strict\nevacuate = 20\nlong-jumps = yes\nmax-turns = 150\n"
                    "ascii = yes\ncolor = no\nmouse = no\ntheme = light\nrace-meter = no\n"
                    "bell = yes\norientation = mover\n");
    Config cfg;
    Startup s;
    REQUIRE(read({}, cfg, s) == "");
    CHECK(s.notes.empty());
    CHECK(s.prefs_file == home.file);
    CHECK((cfg.rules.size == 10 && cfg.rules.players == 2));
    CHECK(seats_text(cfg.seats) == "human ai:4");
    CHECK(cfg.movetime_ms == 300);
    CHECK((cfg.first_given && cfg.rules.first == 1));
    CHECK(cfg.rules.spoil == Spoil::Strict);
    CHECK(cfg.rules.evacuate == 20);
    CHECK(cfg.rules.longjumps);
    CHECK(cfg.rules.maxturns == 150);
    CHECK((cfg.display.ascii && cfg.display.no_color && cfg.display.no_mouse));
    CHECK(cfg.display.theme == Theme::Light);
    CHECK((!cfg.display.race_meter && cfg.display.bell));
    CHECK(cfg.display.orientation == settings::Orientation::Mover);

    Config over;
    REQUIRE(read({"--size", "8", "--level=2", "--theme", "dark", "--spoil", "fill", "--orientation",
                  "fixed"},
                 over, s) == "");
    CHECK(over.display.orientation == settings::Orientation::Fixed);
    CHECK(over.rules.size == 8);
    CHECK(seats_text(over.seats) == "human ai:2");
    CHECK(over.display.theme == Theme::Dark);
    CHECK(over.rules.spoil == Spoil::Fill);
    CHECK(over.rules.evacuate == 20);
}

TEST_CASE("settings: bad lines are notes naming the file and line; the rest is used",
          "[settings]") {
    ConfigHome home("level = 9\nsize = 8\ncolour = no\n\x01\x02\n");
    Config cfg;
    Startup s;
    REQUIRE(read({}, cfg, s) == "");
    CHECK(messages(s) == Strings{home.file + ": line 1: bad value '9' for level (1 to 5)",
                                 home.file + ": line 3: unknown key 'colour' (did you mean color?)",
                                 home.file + ": line 4: control characters: not a line of text"});
    CHECK(cfg.rules.size == 8);
    CHECK(cfg.level == ai::kDefaultLevel);
    // On the status line: the file's whole path, the home directory as ~.
    CHECK(config_notice(s.notes) == home.file +
                                        ": line 1: bad value '9' for level (1 to 5) (+2 more when "
                                        "halma ends)");
    const ScopedEnv in_home("HOME", home.dir.path.c_str());
    CHECK(config_notice(s.notes) ==
          "~/halma/config: line 1: bad value '9' for level (1 to 5) (+2 more when halma ends)");
}

TEST_CASE("settings: a game the file sets up that does not fit is left out, with a note",
          "[settings]") {
    ConfigHome home("players = 3\nseats = human,ai,ai:5\ntheme = contrast\n");
    Config cfg;
    Startup s;
    REQUIRE(read({}, cfg, s) == "");
    CHECK(s.notes.empty());
    CHECK(cfg.rules.players == 3);

    Config small;
    REQUIRE(read({"--size", "8"}, small, s) == "");
    REQUIRE(s.notes.size() == 1);
    CHECK(s.notes[0].message() ==
          home.file + ": its game settings are not used: 3 and 4 players need the 16x16 board");
    CHECK((small.rules.size == 8 && small.rules.players == 2));
    CHECK(small.display.theme == Theme::Contrast); // the rest of the file still counts

    // A command line that is wrong by itself is still an error.
    Config bad;
    CHECK(read({"--size", "12"}, bad, s).find("bad value '12' for --size") != std::string::npos);
}

TEST_CASE("settings: --config, --no-config, and runs that read no file", "[settings]") {
    ConfigHome home("size = 10\n");
    TempDir other;
    const std::string mine = other.path + "/mine.conf";
    std::ofstream(mine) << "size = 8\n";
    Config cfg;
    Startup s;
    REQUIRE(read({"--config", mine.c_str()}, cfg, s) == "");
    CHECK(cfg.rules.size == 8);
    CHECK(s.prefs_file == mine);

    REQUIRE(read({"--no-config"}, cfg, s) == "");
    CHECK(cfg.rules.size == 16);
    CHECK(s.notes.empty());
    CHECK(s.prefs_file == home.file); // defaults saved there even so

    const std::string missing = other.path + "/none.conf";
    REQUIRE(read({"--config", missing.c_str()}, cfg, s) == "");
    REQUIRE(s.notes.size() == 1);
    CHECK(s.notes[0].message().find("cannot read " + missing) == 0);
    CHECK(cfg.rules.size == 16);

    REQUIRE(read({"--config", other.path.c_str()}, cfg, s) == "");
    CHECK(messages(s) == Strings{"cannot read " + other.path + ": it is a directory"});

    CHECK(read({"--config", mine.c_str(), "--no-config"}, cfg, s) ==
          "--config and --no-config cannot be combined");

    // --help, --engine and --stats read no file: a broken one says nothing there.
    std::ofstream(home.file) << "junk\n";
    for (const char* only : {"--help", "--engine", "--stats"}) {
        INFO(only);
        Startup quiet;
        REQUIRE(read({only}, cfg, quiet) == "");
        CHECK(quiet.notes.empty());
    }
}

TEST_CASE("settings: a loaded game brings its own seats, whatever the file says", "[settings]") {
    ConfigHome home("seats = human,ai,ai\nplayers = 3\nlevel = 5\n");
    Config cfg;
    Startup s;
    REQUIRE(read({"--load", "game.halma"}, cfg, s) == "");
    CHECK_FALSE(cfg.seats_given);
    CHECK(cfg.level == 5);
    REQUIRE(read({"--solo"}, cfg, s) == "");
    CHECK_FALSE(cfg.seats_given);
}

TEST_CASE("settings: a game's settings saved as defaults start the same game", "[settings]") {
    Rules r = Rules::for_game(4, 16);
    r.partners = Partners::Adjacent;
    r.win = PartnerWin::Both;
    r.spoil = Spoil::Swap;
    r.evacuate = 40;
    r.maxturns = 200;
    r.first = 2;
    const std::vector<SeatSpec> seats = {{false, 3}, {true, 1}, {true, 5}, {false, 3}};
    ConfigHome home("# my settings\ntheme = light   # easier on the eyes\nsize = 8\n");
    REQUIRE_FALSE(save_prefs(home.file, game_settings(r, seats, false)).failed());
    const std::string text = slurp(home.file);
    CHECK(text.rfind("# my settings\ntheme = light   # easier on the eyes\nsize = 16\n", 0) == 0);
    Config cfg;
    Startup s;
    REQUIRE(read({}, cfg, s) == "");
    CHECK(s.notes.empty());
    CHECK(options_of(cfg.rules) == options_of(r));
    CHECK(seats_text(cfg.seats) == seats_text(seats));
    CHECK(cfg.first_given);
    CHECK(cfg.display.theme == Theme::Light);

    // Back to defaults: the evacuation deadline and the first player drawn become comments.
    const Rules plain = Rules::for_game(2, 10);
    REQUIRE_FALSE(
        save_prefs(home.file, game_settings(plain, {{false, 3}, {true, 2}}, true)).failed());
    CHECK(slurp(home.file).find("# evacuate = 40\n") != std::string::npos);
    CHECK(slurp(home.file).find("# first = 3\n") != std::string::npos);
    REQUIRE(read({}, cfg, s) == "");
    CHECK(options_of(cfg.rules)[3].second == "50");
    CHECK_FALSE(cfg.first_given);
    CHECK(seats_text(cfg.seats) == "human ai:2");
    // The board's own spoil rule is a comment too, so another board gets its own.
    CHECK(slurp(home.file).find("# spoil = swap\n") != std::string::npos);
    CHECK(cfg.rules.spoil == Spoil::Strict);
    REQUIRE(read({"--size", "16"}, cfg, s) == "");
    CHECK(cfg.rules.spoil == Spoil::Fill);
}

TEST_CASE("settings: --size 8 and size = 8 play strict unless a spoil rule is given",
          "[settings][spoil]") {
    Config cfg;
    Startup s;
    REQUIRE(read({"--no-config", "--size", "8"}, cfg, s) == "");
    CHECK(cfg.rules.spoil == Spoil::Strict);
    REQUIRE(read({"--no-config", "--size", "10", "--spoil", "fill"}, cfg, s) == "");
    CHECK(cfg.rules.spoil == Spoil::Fill);
    REQUIRE(read({"--no-config"}, cfg, s) == "");
    CHECK(cfg.rules.spoil == Spoil::Fill);
    ConfigHome home("size = 8\n");
    REQUIRE(read({}, cfg, s) == "");
    CHECK(cfg.rules.spoil == Spoil::Strict);
    REQUIRE(read({"--spoil", "fill"}, cfg, s) == "");
    CHECK(cfg.rules.spoil == Spoil::Fill);
}

TEST_CASE("settings: --names and names = name the people at the human seats", "[settings]") {
    Config cfg;
    Startup s;
    REQUIRE(read({"--no-config", "--names", "alice,bob", "--seats", "human,ai:2,human"}, cfg, s) ==
            "");
    CHECK(cfg.names == Strings{"alice", "bob"});
    CHECK(seat_names(cfg.names, cfg.seats) == Strings{"alice", "", "bob"});
    // Fewer names than human seats leave the rest unnamed; blanks around a name go.
    REQUIRE(read({"--no-config", "--names= Mary Ann ", "--seats", "human,human"}, cfg, s) == "");
    CHECK(seat_names(cfg.names, cfg.seats) == Strings{"Mary Ann", ""});
    // What is wrong is said.
    CHECK(read({"--no-config", "--names", "alice,bob,carol"}, cfg, s) ==
          "--names gives 3 names for 1 human seat");
    CHECK(read({"--no-config", "--names", "alice,,bob"}, cfg, s) ==
          "--names needs a name between each pair of commas");
    CHECK(read({"--no-config", "--names", "abcdefghijklmnopq"}, cfg, s) ==
          "the name 'abcdefghijklmnopq' is too long (at most 16 characters)");
    CHECK(read({"--no-config", "--names", "al\x1b[2Jice"}, cfg, s) ==
          "the name 'al?[2Jice' may hold only printable ASCII characters, and no '#'");
    CHECK(read({"--no-config", "--names", "a,b,c,d,e"}, cfg, s) ==
          "--names gives more than 4 names");
    CHECK(std::string(help_text()).find("--names LIST") != std::string::npos);

    // The config file's key, checked as the option is; a bad value is a note.
    CHECK(check_setting("names", "alice,bob").empty());
    CHECK(check_setting("names", "a#b") != "");
    {
        ConfigHome home("names = alice, bob\nseats = human,human\n");
        REQUIRE(read({}, cfg, s) == "");
        CHECK(s.notes.empty());
        CHECK(seat_names(cfg.names, cfg.seats) == Strings{"alice", "bob"});
        // Seats on the command line with room for fewer names: the file's game is left out.
        REQUIRE(read({"--seats", "human,ai"}, cfg, s) == "");
        REQUIRE(s.notes.size() == 1);
        CHECK(s.notes[0].text.find("--names gives 2 names for 1 human seat") != std::string::npos);
        CHECK(cfg.names.empty());
    }
    // Saved as defaults: the names that still have a human seat; none, a comment.
    ConfigHome home("names = alice,bob\n");
    const Rules r = Rules::for_game(2, 16);
    REQUIRE_FALSE(
        save_prefs(home.file, game_settings(r, {{false, 3}, {true, 2}}, true, {"alice", "bob"}))
            .failed());
    CHECK(slurp(home.file).find("names = alice\n") != std::string::npos);
    REQUIRE_FALSE(
        save_prefs(home.file, game_settings(r, {{true, 3}, {true, 2}}, true, {"alice"})).failed());
    CHECK(slurp(home.file).find("# names = alice\n") != std::string::npos);
}
