// The properties the preferences-file and stats-file fuzzers check, in the manner of
// fuzz_checks.hpp: each takes the input text and returns an empty string or what went wrong;
// the libFuzzer targets abort on a non-empty answer and tests/test_fuzz_regressions.cpp
// replays kept inputs and seeds through the same functions.
#pragma once

#include "files/stats.hpp"
#include "settings/config_file.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace halma::fuzz {

// The keys the preferences check updates: two set, one turned into a comment.
inline const std::vector<settings::SettingUpdate>& fuzz_updates() {
    static const std::vector<settings::SettingUpdate> updates = {
        {"level", "2"}, {"size", "10"}, {"theme", std::nullopt}};
    return updates;
}

[[nodiscard]] inline bool is_updated_key(std::string_view key) {
    for (const settings::SettingUpdate& u : fuzz_updates())
        if (u.key == key) return true;
    return false;
}

// What a read found (without the updated keys when untouched_only): settings as
// "key=value@line", errors as their messages.
[[nodiscard]] inline std::vector<std::string> found(const settings::PrefsRead& read,
                                                    bool untouched_only) {
    std::vector<std::string> out;
    for (const settings::Setting& s : read.settings)
        if (!untouched_only || !is_updated_key(s.key))
            out.push_back(s.key + "=" + s.value + "@" + std::to_string(s.line));
    for (const TextError& e : read.errors)
        if (!untouched_only || !is_updated_key(e.key)) out.push_back(e.message());
    return out;
}

// The preferences reader: every error names the file and a line of the text, in order and
// at most kMaxReportedLines + 1 of them; every setting passes the check; and the writer,
// asked for no change, gives the same text back (with a last line end) that reads the same,
// and asked for fuzz_updates(), changes exactly those keys and leaves every other line's
// meaning alone.
[[nodiscard]] inline std::string check_prefs(std::string_view input) {
    const settings::PrefsRead read = settings::read_prefs(input, "fuzz");
    const int lines = 1 + static_cast<int>(std::count(input.begin(), input.end(), '\n'));
    if (read.errors.size() > static_cast<std::size_t>(settings::kMaxReportedLines) + 1)
        return "more errors than are ever reported";
    int last = 0;
    for (const TextError& e : read.errors) {
        if (e.file != "fuzz" || e.line < 1 || e.line > lines || e.text.empty())
            return "an error without the file or a line of the text: " + e.message();
        if (e.line <= last) return "errors out of line order: " + e.message();
        last = e.line;
    }
    last = 0;
    for (const settings::Setting& s : read.settings) {
        if (s.line <= last || s.line > lines) return "a setting's line is out of order";
        last = s.line;
        if (std::string why = settings::check_setting(s.key, s.value); !why.empty())
            return "a setting that fails its check was read: " + why;
        for (const TextError& e : read.errors)
            if (e.line == s.line) return "a line is both a setting and an error";
    }
    if (input.find('\0') != std::string_view::npos) return {}; // never rewritten

    // Given back with a last line end, unless it has no line at all (a byte-order mark alone).
    const std::string same = settings::update_prefs(input, {});
    const bool no_lines = input.empty() || input == "\xEF\xBB\xBF";
    if (!input.empty() &&
        same != std::string(input) + (no_lines || input.back() == '\n' ? "" : "\n"))
        return "a text rewritten without changes is another text";
    if (found(settings::read_prefs(same, "fuzz"), false) != found(read, false))
        return "a text rewritten without changes reads differently";

    const std::string updated = settings::update_prefs(input, fuzz_updates());
    const settings::PrefsRead after = settings::read_prefs(updated, "fuzz");
    bool level = false, size = false;
    for (const settings::Setting& s : after.settings) {
        if (s.key == "theme") return "a removed key is still set";
        if (s.key == "level" && s.value != "2") return "level keeps an old value: " + s.value;
        if (s.key == "size" && s.value != "10") return "size keeps an old value: " + s.value;
        level = level || s.key == "level";
        size = size || s.key == "size";
    }
    if (!level || !size) return "an updated key is missing after the update";
    if (read.errors.size() < static_cast<std::size_t>(settings::kMaxReportedLines) &&
        found(after, true) != found(read, true))
        return "the update changed a line it was not asked to";
    return {};
}

// The stats reader: a rejected text names a line and changes nothing; an accepted one writes
// back to a text that reads back the same, renders, and counts one more game.
[[nodiscard]] inline std::string check_stats(std::string_view input) {
    files::Stats stats;
    (void)files::read_stats("levels=3 won=1 lost=0 drawn=0 fewest=50", stats);
    const std::string before = files::write_stats(stats);
    if (TextError err = files::read_stats(input, stats); err.failed()) {
        if (err.line < 1) return "an error that names no line: " + err.message();
        if (files::write_stats(stats) != before) return "a rejected text changed the record";
        return {};
    }
    const std::string text = files::write_stats(stats);
    files::Stats again;
    if (TextError err = files::read_stats(text, again); err.failed())
        return "the written record does not read back: " + err.message() + "\n" + text;
    if (files::write_stats(again) != text) return "the record reads back as another";
    const std::string table = files::render_stats(stats);
    const bool any_hints = std::any_of(stats.entries.begin(), stats.entries.end(),
                                       [](const files::StatsEntry& e) { return e.hints; });
    if (std::count(table.begin(), table.end(), '\n') !=
        static_cast<long>(stats.entries.empty() ? 1 : stats.entries.size() + 5 + any_hints))
        return "the table does not have a line per entry:\n" + table;
    for (const files::StatsEntry& e : stats.entries) {
        if (files::standing_line(e).find(" against ") == std::string::npos)
            return "a standing line without its levels";
        files::GameTally tally;
        tally.rules = e.rules;
        tally.levels = e.levels;
        tally.verdict = files::Verdict::Won;
        tally.moves = 1;
        tally.hints = e.hints;
        files::Stats more = stats;
        const files::StatsEntry& counted = files::add_game(more, tally);
        if (more.entries.size() != stats.entries.size() ||
            counted.won != std::min(e.won + 1, files::kMaxCount) ||
            counted.fewest != (e.hints ? 0 : 1))
            return "a game of an entry's variant was not counted in it";
        files::Stats reread;
        if (TextError err = files::read_stats(files::write_stats(more), reread); err.failed())
            return "a record with one more game does not read back: " + err.message();
    }
    return {};
}

} // namespace halma::fuzz
