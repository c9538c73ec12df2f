#include "settings/settings.hpp"

#include <algorithm>
#include <cstdlib>

namespace halma::settings {

namespace {

// The switches a yes/no setting stands for: the option given for the value `when`.
struct SwitchKey {
    std::string_view key;
    const char* option;
    bool when;
};
constexpr SwitchKey kSwitchKeys[] = {{"ascii", "--ascii", true},
                                     {"color", "--no-color", false},
                                     {"mouse", "--no-mouse", false},
                                     {"long-jumps", "--long-jumps", true},
                                     {"race-meter", "--no-race-meter", false},
                                     {"bell", "--bell", true}};

// Parses the options (the file's) and then the command line into a fresh Config, and
// finishes it. Returns an empty string or what is wrong.
std::string combine(int argc, const char* const* argv, const std::vector<std::string>& options,
                    Config& out) {
    std::vector<const char*> args{argv[0]};
    for (const std::string& o : options) args.push_back(o.c_str());
    for (int i = 1; i < argc; ++i) args.push_back(argv[i]);
    Config cfg;
    std::string err = parse_command_line(static_cast<int>(args.size()), args.data(), cfg);
    if (err.empty()) err = finish_config(cfg);
    if (err.empty()) out = cfg;
    return err;
}

} // namespace

bool is_game_setting(std::string_view key) {
    return key == "seats" || key == "names" || option_rule_key(key) != nullptr;
}

std::vector<std::string> settings_as_options(const std::vector<Setting>& settings, bool with_game) {
    std::vector<std::string> out;
    for (std::string_view key : setting_keys()) {
        if (!with_game && is_game_setting(key)) continue;
        const Setting* last = nullptr;
        for (const Setting& s : settings)
            if (s.key == key) last = &s;
        if (!last) continue;
        const auto sw = std::find_if(std::begin(kSwitchKeys), std::end(kSwitchKeys),
                                     [&](const SwitchKey& k) { return k.key == key; });
        bool yes = false;
        if (sw == std::end(kSwitchKeys))
            out.push_back("--" + std::string(key) + "=" + last->value);
        else if (parse_yes_no(last->value, yes) && yes == sw->when)
            out.push_back(sw->option);
    }
    return out;
}

std::string read_settings(int argc, const char* const* argv, Config& cfg, Startup& out) {
    // 1. The command line alone: what this run is, and which file holds the settings.
    Config cli;
    if (std::string err = parse_command_line(argc, argv, cli); !err.empty()) return err;
    std::string unnamed;
    out.prefs_file = cli.config_file.path.empty() ? prefs_path(unnamed) : cli.config_file.path;
    if (cli.mode != Mode::Play) {
        cfg = cli;
        return {};
    }
    // 2. The file's settings; each bad line, or the file unread, is a note.
    PrefsRead file;
    if (!cli.config_file.none && !out.prefs_file.empty())
        file = load_prefs(out.prefs_file, cli.config_file.path.empty());
    out.notes = file.errors;
    // 3. The command line over them. A loaded game, a puzzle or a hosted game joined brings
    // its own game, and when the file's game does not fit the command line's (or itself), it
    // is left out.
    const bool new_game = !cli.resume && cli.load_path.empty() && cli.solo.empty() &&
                          cli.review_path.empty() && cli.network.join.empty() &&
                          cli.network.watch.empty();
    const std::string err = combine(argc, argv, settings_as_options(file.settings, new_game), cfg);
    if (err.empty() || !new_game) return err;
    const std::string plain = combine(argc, argv, settings_as_options(file.settings, false), cfg);
    if (plain.empty())
        out.notes.push_back({out.prefs_file, 0, {}, "its game settings are not used: " + err});
    return plain;
}

std::string config_notice(const std::vector<TextError>& notes) {
    if (notes.empty()) return {};
    TextError first = notes.front();
    const char* home = std::getenv("HOME");
    const std::string under = home && *home ? std::string(home) + "/" : std::string();
    if (!under.empty() && under != "/" && first.file.rfind(under, 0) == 0)
        first.file = "~/" + first.file.substr(under.size());
    std::string text = printable(first.message());
    if (notes.size() > 1)
        text += " (+" + std::to_string(notes.size() - 1) + " more when halma ends)";
    return text;
}

std::vector<SettingUpdate> game_settings(const Rules& r, const std::vector<SeatSpec>& seats,
                                         bool first_random, const std::vector<std::string>& names) {
    std::string seat_list;
    for (const SeatSpec& s : seats) seat_list += (seat_list.empty() ? "" : ",") + seats_text({s});
    std::string name_list; // the names that still have a human seat
    for (const std::string& n : seat_names(names, seats))
        if (!n.empty()) name_list += (name_list.empty() ? "" : ",") + n;
    auto unless = [](bool is_default, std::string value) {
        return is_default ? std::nullopt : std::optional<std::string>(std::move(value));
    };
    return {{"players", std::to_string(r.players)},
            {"size", std::to_string(r.size)},
            {"camps", unless(r.players != 3, camps_name(r.camps))},
            {"seats", seat_list},
            {"names", unless(name_list.empty(), name_list)},
            {"first", unless(first_random, std::to_string(r.first + 1))},
            {"spoil", unless(r.spoil == Rules::default_spoil(r.size), spoil_name(r.spoil))},
            {"evacuate",
             unless(r.evacuate == Rules::default_evacuate(r.size), std::to_string(r.evacuate))},
            {"long-jumps", r.longjumps ? "yes" : "no"},
            {"partners", partners_name(r.partners)},
            {"win", win_name(r.win)},
            {"max-turns", std::to_string(r.maxturns)}};
}

} // namespace halma::settings
