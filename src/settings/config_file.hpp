// The preferences file: $XDG_CONFIG_HOME/halma/config (default ~/.config/halma/config), one
// "key = value" setting a line, '#' starting a comment, the keys named after the long
// options (level = 4, seats = human,ai:5, color = no, theme = light). Reading never fails as
// a whole: each bad line is one error naming the file and the line, and is skipped. Writing
// rewrites the file atomically with new values, keeping the player's comments, blank lines,
// order and every line it does not understand. No curses here.
#pragma once

#include "halma/text.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace halma::settings {

// One setting as the file gives it.
struct Setting {
    std::string key, value; // value without the blanks around it
    int line = 0;           // counting from 1
};

// What reading a preferences text found: the good settings in file order (a key given twice
// appears twice; the later one counts) and one error per bad line, in line order.
struct PrefsRead {
    std::vector<Setting> settings;
    std::vector<TextError> errors;
};

// Checks one setting: an empty string when the key is known and the value good, else what
// is wrong ("unknown key 'levle' (did you mean level?)", "bad value '9' for level (1 to 5)").
using SettingCheck = std::function<std::string(std::string_view key, std::string_view value)>;

// The check of the keys halma knows, each with the values its long option takes.
[[nodiscard]] std::string check_setting(std::string_view key, std::string_view value);

// The keys check_setting() knows, in the order the man page lists them.
[[nodiscard]] const std::vector<std::string_view>& setting_keys();

// Reads "yes", "true" or "on" as true and "no", "false" or "off" as false; false when the
// word is none of these (out unchanged).
[[nodiscard]] bool parse_yes_no(std::string_view word, bool& out) noexcept;

// At most this many bad lines are reported one by one; one more error counts the rest.
inline constexpr int kMaxReportedLines = 10;

// Reads a preferences text; errors name file (which may be empty) and the line.
[[nodiscard]] PrefsRead read_prefs(std::string_view text, const std::string& file,
                                   const SettingCheck& check = check_setting);

// Reads the preferences file at path. A missing file is nothing at all when optional (the
// default file need not exist) and an error otherwise; a directory, an unreadable file or
// one holding binary data is one error naming the file.
[[nodiscard]] PrefsRead load_prefs(const std::string& path, bool optional,
                                   const SettingCheck& check = check_setting);

// The default preferences file's path, or an empty string with why in error when neither
// XDG_CONFIG_HOME nor HOME can name it.
[[nodiscard]] std::string prefs_path(std::string& error);

// A change to make: a key's new value, or no value to turn its lines into comments.
struct SettingUpdate {
    std::string key;
    std::optional<std::string> value;
};

// The text with the updates made: each line setting a key updated gets the new value in
// place (its spacing and comment kept) or becomes a comment; a key with a value and no line
// yet is added at the end; every other line stays as it was, byte for byte. An empty text
// gets a short heading first. Each line keeps its line end; added lines end as the first
// line does ("\r\n" or "\n"), and the last line gets one if it has none.
[[nodiscard]] std::string update_prefs(std::string_view text,
                                       const std::vector<SettingUpdate>& updates);

// Makes the updates in the preferences file at path, creating it (and its directory) when
// missing, and writing through a symbolic link to the file it names. A file that cannot be
// read, or holds binary data, is left alone and reported. Nothing is written otherwise.
[[nodiscard]] TextError save_prefs(const std::string& path,
                                   const std::vector<SettingUpdate>& updates);

} // namespace halma::settings
