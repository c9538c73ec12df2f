#include "settings/config_file.hpp"

#include "files/paths.hpp"
#include "files/record_file.hpp"
#include "halma/ai.hpp"
#include "halma/options.hpp"
#include "settings/command_line.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>

namespace halma::settings {

using files::make_dirs;
using files::read_file;
using files::write_file_atomically;
using files::xdg_dir;

namespace {

// A line's parts, as positions in the line so that the writer can replace the value alone.
struct LineParts {
    std::string_view key, value;
    std::size_t value_at = 0, value_end = 0;
};

enum class LineKind { Blank, Setting, NotSetting };

// Splits a line into key and value: blank (or a comment alone), a setting, or neither.
LineKind parse_line(std::string_view line, LineParts& out) {
    const std::string_view body = line.substr(0, line.find('#'));
    if (trim(body).empty()) return LineKind::Blank;
    const std::size_t eq = body.find('=');
    if (eq == std::string_view::npos) return LineKind::NotSetting;
    const std::string_view key = trim(body.substr(0, eq));
    if (key.empty() || split_words(key).size() != 1) return LineKind::NotSetting;
    std::size_t at = eq + 1, end = body.size();
    while (at < end && is_blank(body[at])) ++at;
    while (end > at && is_blank(body[end - 1])) --end;
    out = {key, body.substr(at, end - at), at, end};
    return LineKind::Setting;
}

[[nodiscard]] bool number_in(std::string_view v, int lo, int hi) {
    const int n = parse_count(v);
    return n >= lo && n <= hi;
}

[[nodiscard]] bool yes_or_no(std::string_view v) {
    bool ignored;
    return parse_yes_no(v, ignored);
}

// A key halma knows, in the order the man page lists them. A rule option's value is checked
// as records and the protocol check it (options.hpp); any other key has its own check here,
// with the values it takes in words for a message.
struct KeyRule {
    std::string_view key;
    const char* allowed = nullptr;
    bool (*valid)(std::string_view value) = nullptr;
};

const KeyRule kKeyRules[] = {
    {"players"},
    {"size"},
    {"seats", "human, remote, ai or ai:LEVEL for each of 2 to 4 seats, separated by commas",
     [](std::string_view v) {
         std::vector<SeatSpec> seats;
         return parse_seats(std::string(v), ai::kDefaultLevel, seats).empty();
     }},
    {"names", "up to 4 names, comma-separated, each 1 to 16 printable ASCII characters",
     [](std::string_view v) {
         std::vector<std::string> names;
         return parse_names(std::string(v), names).empty();
     }},
    {"level", "1 to 5",
     [](std::string_view v) { return number_in(v, ai::kMinLevel, ai::kMaxLevel); }},
    {"movetime", "milliseconds, 1 to 600000",
     [](std::string_view v) { return number_in(v, 1, ai::kMaxMovetimeMs); }},
    {"first"},
    {"camps"},
    {"spoil"},
    {"evacuate"},
    {"long-jumps", "yes or no", yes_or_no},
    {"partners"},
    {"win"},
    {"max-turns"},
    {"ascii", "yes or no", yes_or_no},
    {"color", "yes or no", yes_or_no},
    {"mouse", "yes or no", yes_or_no},
    {"theme", kThemeChoices,
     [](std::string_view v) {
         Theme t;
         return parse_theme(v, t);
     }},
    {"orientation", kOrientationChoices,
     [](std::string_view v) {
         Orientation o;
         return parse_orientation(v, o);
     }},
    {"race-meter", "yes or no", yes_or_no},
    {"bell", "yes or no", yes_or_no},
};

// The number of single-character edits that turn a into b (Levenshtein), for suggestions.
[[nodiscard]] std::size_t edits(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// What to say about a key halma does not know.
std::string unknown_key(std::string_view key) {
    if (key.substr(0, 3) == "no-")
        for (const KeyRule& rule : kKeyRules)
            if (rule.key == key.substr(3))
                return "unknown key '" + std::string(key) + "' (write " + std::string(rule.key) +
                       " = no)";
    // Every other command-line option makes sense for one run only, never as a setting.
    for (const OptionSpec& option : option_specs())
        if (key == option.name)
            return "'" + std::string(key) + "' is an option for one run, not a setting";
    const std::string said = "unknown key '" + quoted_piece(key) + "'";
    if (key.size() < 3 || key.size() > 40) return said;
    for (const KeyRule& rule : kKeyRules)
        if (edits(key, rule.key) <= 2)
            return said + " (did you mean " + std::string(rule.key) + "?)";
    return said;
}

// The line of the first NUL byte in a text, or 0 when it has none.
[[nodiscard]] int line_of_nul(std::string_view text) {
    const std::size_t at = text.find('\0');
    if (at == std::string_view::npos) return 0;
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
}

// The text without a UTF-8 byte-order mark some editors put first.
[[nodiscard]] std::string_view without_bom(std::string_view text) {
    return text.substr(0, 3) == "\xEF\xBB\xBF" ? text.substr(3) : text;
}

// The heading of a new preferences file.
constexpr const char* kHeading[] = {
    "# halma's settings: one \"key = value\" a line, named as the long options are",
    "# (see CONFIGURATION in man halma). The command line overrides them."};

} // namespace

bool parse_yes_no(std::string_view word, bool& out) noexcept {
    if (word == "yes" || word == "true" || word == "on") {
        out = true;
        return true;
    }
    if (word == "no" || word == "false" || word == "off") {
        out = false;
        return true;
    }
    return false;
}

const std::vector<std::string_view>& setting_keys() {
    static const std::vector<std::string_view> keys = [] {
        std::vector<std::string_view> out;
        for (const KeyRule& rule : kKeyRules) out.push_back(rule.key);
        return out;
    }();
    return keys;
}

std::string check_setting(std::string_view key, std::string_view value) {
    for (const KeyRule& rule : kKeyRules) {
        if (rule.key != key) continue;
        if (!rule.valid) return check_option_value(option_rule_key(key), value, option_name).text;
        if (value.empty()) return "no value for " + std::string(key) + " (" + rule.allowed + ")";
        if (rule.valid(value)) return {};
        return "bad value '" + quoted_piece(value) + "' for " + std::string(key) + " (" +
               rule.allowed + ")";
    }
    return unknown_key(key);
}

PrefsRead read_prefs(std::string_view text, const std::string& file, const SettingCheck& check) {
    PrefsRead out;
    if (const int line = line_of_nul(text)) {
        out.errors.push_back({file, line, {}, "binary data, not a config file: all of it ignored"});
        return out;
    }
    int bad = 0, first_unreported = 0;
    auto report = [&](TextError e) {
        if (++bad > kMaxReportedLines) {
            if (!first_unreported) first_unreported = e.line;
            return;
        }
        e.file = file;
        out.errors.push_back(std::move(e));
    };
    LineReader lines(without_bom(text));
    while (lines.next()) {
        const std::string_view line = lines.line();
        if (has_control_character(line)) {
            report(lines.error("control characters: not a line of text"));
            continue;
        }
        LineParts parts;
        const LineKind kind = parse_line(line, parts);
        if (kind == LineKind::Blank) continue;
        if (kind == LineKind::NotSetting) {
            report(lines.error("'" + quoted_piece(without_comment(line)) +
                               "' is not a setting (key = value)"));
            continue;
        }
        if (std::string why = check(parts.key, parts.value); !why.empty()) {
            report(lines.error(std::move(why), std::string(parts.key)));
            continue;
        }
        out.settings.push_back({std::string(parts.key), std::string(parts.value), lines.number()});
    }
    if (bad > kMaxReportedLines)
        out.errors.push_back({file,
                              first_unreported,
                              {},
                              "and " + std::to_string(bad - kMaxReportedLines) +
                                  " more bad lines from here on, ignored as well"});
    return out;
}

PrefsRead load_prefs(const std::string& path, bool optional, const SettingCheck& check) {
    struct stat st;
    if (optional && stat(path.c_str(), &st) != 0 && errno == ENOENT) return {};
    std::string text;
    if (std::string err = read_file(path, text); !err.empty()) return {{}, {{{}, 0, {}, err}}};
    return read_prefs(text, path, check);
}

std::string prefs_path(std::string& error) {
    const std::string dir = xdg_dir("XDG_CONFIG_HOME", ".config", "a config file", error);
    return dir.empty() ? dir : dir + "/config";
}

std::string update_prefs(std::string_view text, const std::vector<SettingUpdate>& updates) {
    // The update of a key that counts: the last one given.
    auto update_of = [&](std::string_view key) -> const SettingUpdate* {
        const SettingUpdate* found = nullptr;
        for (const SettingUpdate& u : updates)
            if (u.key == key) found = &u;
        return found;
    };
    // New lines end as the first line does.
    const std::size_t first_end = text.find('\n');
    const bool crlf =
        first_end != std::string_view::npos && first_end > 0 && text[first_end - 1] == '\r';
    const char* eol = crlf ? "\r\n" : "\n";
    std::string_view body = without_bom(text);
    std::string out(text.substr(0, text.size() - body.size()));
    const bool has_lines = !body.empty();
    // A final line end starts no line of its own.
    if (has_lines && body.back() == '\n') body.remove_suffix(1);
    std::vector<std::string_view> updated; // the keys whose lines were found
    LineReader lines(body);
    while (has_lines && lines.next()) {
        const std::string_view line = lines.line();
        LineParts parts;
        const SettingUpdate* u = nullptr;
        if (!has_control_character(line) && parse_line(line, parts) == LineKind::Setting)
            u = update_of(parts.key);
        if (!u) {
            out += line;
        } else if (u->value) {
            out += line.substr(0, parts.value_at);
            if (parts.value_at > 0 && line[parts.value_at - 1] == '=') out += ' ';
            out += *u->value;
            out += line.substr(parts.value_end);
        } else {
            out += "# ";
            out += line;
        }
        // Each line keeps its own line end ("\r\n" or "\n").
        const std::size_t end = lines.offset() + line.size();
        out += end < body.size() && body[end] == '\r' ? "\r\n" : "\n";
        if (u) updated.push_back(u->key);
    }
    if (text.empty())
        for (const char* heading : kHeading) out += std::string(heading) + eol;
    for (const SettingUpdate& u : updates)
        if (u.value && update_of(u.key) == &u &&
            std::find(updated.begin(), updated.end(), u.key) == updated.end())
            out += u.key + " = " + *u.value + eol;
    return out;
}

TextError save_prefs(const std::string& path, const std::vector<SettingUpdate>& updates) {
    for (const SettingUpdate& u : updates)
        if (u.value && (u.value->find('#') != std::string::npos || has_control_character(*u.value)))
            return {path, 0, u.key, "a value holding '#' or a control character cannot be saved"};
    // Through a symbolic link (a dotfiles checkout, say) to the file itself.
    std::string target = path;
    if (char resolved[PATH_MAX]; realpath(path.c_str(), resolved)) target = resolved;
    std::string text;
    struct stat st;
    const bool exists = stat(target.c_str(), &st) == 0;
    if (exists) {
        if (std::string err = read_file(target, text); !err.empty())
            return {{}, 0, {}, err + "; the settings are not saved"};
        if (line_of_nul(text))
            return {target, 0, {}, "holds binary data, so it is not overwritten"};
    } else if (errno != ENOENT) {
        return {target, 0, {}, std::string("cannot save the settings: ") + std::strerror(errno)};
    } else if (const std::size_t slash = target.rfind('/');
               slash != std::string::npos && slash > 0) {
        if (std::string err = make_dirs(target.substr(0, slash)); !err.empty())
            return {{}, 0, {}, err};
    }
    if (std::string err = write_file_atomically(target, update_prefs(text, updates)); !err.empty())
        return {{}, 0, {}, err};
    // The new file takes the old one's permissions (a private config stays private).
    if (exists) chmod(target.c_str(), st.st_mode & 07777);
    return {};
}

} // namespace halma::settings
