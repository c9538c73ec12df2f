// The preferences file (src/settings/config_file.hpp): what is read from it, how each kind of bad
// line is reported (once, with the file and the line) and skipped, and how saving rewrites it
// without losing the player's comments, order or unknown lines.
#include "settings/config_file.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace halma;
using namespace halma::settings;
using test_support::ScopedEnv;
using test_support::slurp;
using test_support::TempDir;

namespace {

void spit(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// The settings read, as "key=value@line" words.
std::vector<std::string> settings_of(const PrefsRead& read) {
    std::vector<std::string> out;
    for (const Setting& s : read.settings)
        out.push_back(s.key + "=" + s.value + "@" + std::to_string(s.line));
    return out;
}

using Strings = std::vector<std::string>;

} // namespace

TEST_CASE("prefs: settings with comments, spacing, tabs, CRLF and a byte-order mark", "[prefs]") {
    const std::string text = "\xEF\xBB\xBF# my halma\r\n"
                             "\r\n"
                             "level = 4\r\n"
                             "  movetime=500   # quicker\r\n"
                             "seats\t=\thuman,ai:5\r\n"
                             "color = no\r\n"
                             "theme = light";
    const PrefsRead read = read_prefs(text, "cfg");
    CHECK(read.errors.empty());
    CHECK(settings_of(read) == Strings{"level=4@3", "movetime=500@4", "seats=human,ai:5@5",
                                       "color=no@6", "theme=light@7"});
}

TEST_CASE("prefs: each bad line is one error naming the file and the line, and is skipped",
          "[prefs]") {
    const std::string text = "level = 4\n"          // 1 good
                             "levle = 3\n"          // 2 misspelt key
                             "size = 12\n"          // 3 bad value
                             "movetime =\n"         // 4 no value
                             "ascii\n"              // 5 not key = value
                             "load = game.halma\n"  // 6 one run only
                             "no-color = yes\n"     // 7 the switch's name
                             "ma\x1bx-turns = 3\n"  // 8 control characters
                             "bogus key = 1\n"      // 9 a key with a blank
                             "= 5\n"                // 10 no key
                             "spoil = swap # ok\n"; // 11 good
    const PrefsRead read = read_prefs(text, "/home/p/.config/halma/config");
    CHECK(settings_of(read) == Strings{"level=4@1", "spoil=swap@11"});
    REQUIRE(read.errors.size() == 9);
    Strings messages;
    for (const TextError& e : read.errors) messages.push_back(e.message());
    const std::string f = "/home/p/.config/halma/config: ";
    CHECK(messages == Strings{
                          f + "line 2: unknown key 'levle' (did you mean level?)",
                          f + "line 3: bad value '12' for size (8, 10 or 16)",
                          f + "line 4: no value for movetime (milliseconds, 1 to 600000)",
                          f + "line 5: 'ascii' is not a setting (key = value)",
                          f + "line 6: 'load' is an option for one run, not a setting",
                          f + "line 7: unknown key 'no-color' (write color = no)",
                          f + "line 8: control characters: not a line of text",
                          f + "line 9: 'bogus key = 1' is not a setting (key = value)",
                          f + "line 10: '= 5' is not a setting (key = value)",
                      });
    CHECK(read.errors[0].key == "levle");
    CHECK(read.errors[1].key == "size");
}

TEST_CASE("prefs: every key takes its option's values and refuses others", "[prefs]") {
    struct Case {
        const char* key;
        std::vector<const char*> good, bad;
    };
    const Case cases[] = {
        {"players", {"2", "3", "4"}, {"1", "5", "two", "-2"}},
        {"size", {"8", "10", "16"}, {"9", "12", "0", "016x"}},
        {"seats",
         {"human,ai", "ai:1,human,ai:5", "human,human,human,human"},
         {"human", "ai:6,human", "human,,ai", "robot,ai", "human,ai,ai,ai,ai"}},
        {"names",
         {"alice", "alice,bob", "Mary Ann, bob"},
         {"alice,,bob", "abcdefghijklmnopq", "a,b,c,d,e", "caf\xc3\xa9"}},
        {"level", {"1", "3", "5"}, {"0", "6", "3.5"}},
        {"movetime", {"1", "1000", "600000"}, {"0", "600001", "1s"}},
        {"first", {"1", "4"}, {"0", "5"}},
        {"camps", {"mixed", "small"}, {"large", "Small"}},
        {"spoil", {"fill", "strict", "swap"}, {"Fill", "none"}},
        {"evacuate", {"0", "60", "999999"}, {"-1", "1e3", "1000000"}},
        {"long-jumps", {"yes", "no", "true", "off"}, {"1", "maybe"}},
        {"partners", {"none", "opposite", "adjacent"}, {"both"}},
        {"win", {"first", "both"}, {"last"}},
        {"max-turns", {"0", "200"}, {"x"}},
        {"ascii", {"yes", "no"}, {"y"}},
        {"color", {"no", "on"}, {"16"}},
        {"mouse", {"no", "false"}, {"none"}},
        {"theme", {"dark", "light", "contrast", "mono"}, {"solarized", "Dark"}},
        {"orientation", {"own", "fixed", "mover"}, {"Own", "flipped"}},
        {"race-meter", {"yes", "off"}, {"2"}},
        {"bell", {"yes", "no"}, {"loud"}},
    };
    Strings keys;
    for (const Case& c : cases) {
        keys.push_back(c.key);
        for (const char* v : c.good) {
            INFO(c.key << " = " << v);
            CHECK(check_setting(c.key, v) == "");
        }
        for (const char* v : c.bad) {
            INFO(c.key << " = " << v);
            CHECK(check_setting(c.key, v).rfind("bad value '" + std::string(v) + "' for " + c.key,
                                                0) == 0);
        }
    }
    CHECK(Strings(setting_keys().begin(), setting_keys().end()) == keys);
}

TEST_CASE("prefs: binary data is one error for the whole file", "[prefs]") {
    std::string junk = "level = 4\nsize = 8\n\x7f"
                       "ELF\x02\x01";
    junk += std::string(1, '\0') + "\x01\x02\nlevel = 2\n";
    const PrefsRead read = read_prefs(junk, "cfg");
    CHECK(read.settings.empty());
    REQUIRE(read.errors.size() == 1);
    CHECK(read.errors[0].message() ==
          "cfg: line 3: binary data, not a config file: all of it ignored");
}

TEST_CASE("prefs: a long run of bad lines is reported ten at a time", "[prefs]") {
    std::string text = "level = 2\n";
    for (int i = 0; i < 30; ++i) text += "nonsense " + std::to_string(i) + "\n";
    text += "size = 8\n";
    const PrefsRead read = read_prefs(text, "cfg");
    CHECK(settings_of(read) == Strings{"level=2@1", "size=8@32"});
    REQUIRE(read.errors.size() == kMaxReportedLines + 1);
    CHECK(read.errors[9].line == 11);
    CHECK(read.errors.back().message() ==
          "cfg: line 12: and 20 more bad lines from here on, ignored as well");
}

TEST_CASE("prefs: files that are missing, directories or unreadable", "[prefs]") {
    TempDir dir;
    REQUIRE(!dir.path.empty());
    const std::string missing = dir.path + "/none";
    CHECK(load_prefs(missing, true).errors.empty());
    PrefsRead read = load_prefs(missing, false);
    REQUIRE(read.errors.size() == 1);
    CHECK(read.errors[0].message().find(missing) != std::string::npos);

    read = load_prefs(dir.path, true);
    REQUIRE(read.errors.size() == 1);
    CHECK(read.errors[0].message() == "cannot read " + dir.path + ": it is a directory");

    const std::string file = dir.path + "/config";
    spit(file, "level = 5\n");
    read = load_prefs(file, true);
    CHECK(settings_of(read) == Strings{"level=5@1"});
    // A path through a file, unreadable even for root.
    read = load_prefs(file + "/config", true);
    REQUIRE(read.errors.size() == 1);
    CHECK(read.errors[0].message() == "cannot read " + file + "/config: Not a directory");
    if (geteuid() != 0) { // root reads anything
        chmod(file.c_str(), 0);
        read = load_prefs(file, true);
        REQUIRE(read.errors.size() == 1);
        CHECK(read.errors[0].message().find("cannot read " + file) == 0);
        CHECK(read.settings.empty());
    }
}

TEST_CASE("prefs: the file's place follows XDG_CONFIG_HOME, else HOME", "[prefs]") {
    std::string err;
    {
        ScopedEnv xdg("XDG_CONFIG_HOME", "/x/conf"), home("HOME", "/home/p");
        CHECK(prefs_path(err) == "/x/conf/halma/config");
    }
    {
        ScopedEnv xdg("XDG_CONFIG_HOME", "relative/conf"), home("HOME", "/home/p");
        CHECK(prefs_path(err) == "/home/p/.config/halma/config");
    }
    {
        ScopedEnv xdg("XDG_CONFIG_HOME", nullptr), home("HOME", nullptr);
        CHECK(prefs_path(err) == "");
        CHECK(err.find("XDG_CONFIG_HOME") != std::string::npos);
    }
}

TEST_CASE("prefs: updating keeps comments, spacing, order and unknown lines", "[prefs]") {
    const std::string text = "# my settings\n"
                             "\n"
                             "level=2   # gentle, for now\n"
                             "favourite = blue\n"
                             "size = 12\n"
                             "  players =\t3\n"
                             "first = 2 # I like going second\n"
                             "level = 3\n"
                             "garbage line\n";
    const std::string updated = update_prefs(text, {{"level", "4"},
                                                    {"size", "10"},
                                                    {"players", "2"},
                                                    {"first", std::nullopt},
                                                    {"theme", "light"},
                                                    {"mouse", std::nullopt}});
    CHECK(updated == "# my settings\n"
                     "\n"
                     "level= 4   # gentle, for now\n"
                     "favourite = blue\n"
                     "size = 10\n"
                     "  players =\t2\n"
                     "# first = 2 # I like going second\n"
                     "level = 4\n"
                     "garbage line\n"
                     "theme = light\n");
    const PrefsRead read = read_prefs(updated, "cfg");
    CHECK(settings_of(read) ==
          Strings{"level=4@3", "size=10@5", "players=2@6", "level=4@8", "theme=light@10"});
    CHECK(read.errors.size() == 2); // favourite and the garbage line, as before
    CHECK(update_prefs(text, {}) == text);
}

TEST_CASE("prefs: updating a new file, a file without a last line end, CRLF, a BOM", "[prefs]") {
    const std::string fresh = update_prefs("", {{"level", "5"}, {"color", "no"}});
    CHECK(fresh.rfind("# halma's settings", 0) == 0);
    CHECK(fresh.substr(fresh.size() - 22) == "\nlevel = 5\ncolor = no\n");
    CHECK(settings_of(read_prefs(fresh, "cfg")) == Strings{"level=5@3", "color=no@4"});

    CHECK(update_prefs("size = 8", {{"level", "1"}}) == "size = 8\nlevel = 1\n");
    CHECK(update_prefs("# a\r\nsize = 8\r\n", {{"size", "16"}, {"ascii", "yes"}}) ==
          "# a\r\nsize = 16\r\nascii = yes\r\n");
    CHECK(update_prefs("\xEF\xBB\xBFsize = 8\n", {{"size", "10"}}) == "\xEF\xBB\xBFsize = 10\n");
    // The last update of a key counts.
    CHECK(update_prefs("", {{"level", "1"}, {"level", "2"}}).find("level = 2\n") !=
          std::string::npos);
    CHECK(update_prefs("", {{"level", "1"}, {"level", "2"}}).find("level = 1") ==
          std::string::npos);
}

TEST_CASE("prefs: saving creates the file, keeps the player's lines and permissions", "[prefs]") {
    TempDir dir;
    REQUIRE(!dir.path.empty());
    const std::string file = dir.path + "/conf/halma/config";
    REQUIRE(!save_prefs(file, {{"level", "4"}, {"theme", "contrast"}}).failed());
    CHECK(settings_of(load_prefs(file, false)) == Strings{"level=4@3", "theme=contrast@4"});

    spit(file, "# mine\nlevel = 4 # keep\nshoe size = 44\n");
    chmod(file.c_str(), 0600);
    REQUIRE(!save_prefs(file, {{"level", "2"}}).failed());
    CHECK(slurp(file) == "# mine\nlevel = 2 # keep\nshoe size = 44\n");
    struct stat st;
    REQUIRE(stat(file.c_str(), &st) == 0);
    CHECK((st.st_mode & 0777) == 0600);

    const TextError refused = save_prefs(file, {{"seats", "human # ai"}});
    CHECK(refused.failed());
    CHECK(slurp(file) == "# mine\nlevel = 2 # keep\nshoe size = 44\n");
}

TEST_CASE("prefs: saving writes through a symbolic link and never over binary data", "[prefs]") {
    TempDir dir;
    REQUIRE(!dir.path.empty());
    const std::string real = dir.path + "/dotfiles-config", link = dir.path + "/config";
    spit(real, "size = 8\n");
    REQUIRE(symlink(real.c_str(), link.c_str()) == 0);
    REQUIRE(!save_prefs(link, {{"size", "10"}}).failed());
    struct stat st;
    REQUIRE(lstat(link.c_str(), &st) == 0);
    CHECK(S_ISLNK(st.st_mode));
    CHECK(slurp(real) == "size = 10\n");

    const std::string binary = std::string("\x7f"
                                           "ELF") +
                               std::string(1, '\0') + "junk";
    spit(real, binary);
    const TextError refused = save_prefs(link, {{"size", "16"}});
    CHECK(refused.message() == real + ": holds binary data, so it is not overwritten");
    CHECK(slurp(real) == binary);

    const TextError into_dir = save_prefs(dir.path, {{"size", "16"}});
    CHECK(into_dir.failed());
}

TEST_CASE("prefs: a rewrite without changes gives the text back, line ends and all", "[prefs]") {
    for (const std::string text :
         {"\n", "\n\n", "a = b\r\n\n", "level = 2\r\r\n#x\n", "\xEF\xBB\xBF", "x\r\ny\nz\r\n"})
        CHECK(update_prefs(text, {}) == text);
    CHECK(update_prefs("x\r\ny", {}) == "x\r\ny\n");
    CHECK(update_prefs("x\r\nlevel = 1\nsize = 8\r\n",
                       {{"level", "2"}, {"size", "10"}, {"ascii", "no"}}) ==
          "x\r\nlevel = 2\nsize = 10\r\nascii = no\r\n");
}
