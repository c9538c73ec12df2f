#include "door/door.hpp"

#include "halma/options.hpp"
#include "net/fd.hpp"
#include "net/wire.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace halma::club {

namespace {

// The most the settings file may hold: a few lines.
constexpr std::size_t kMaxDoorFile = 64 * 1024;
// The longest key sshd may hand over in base64: a 16384-bit RSA key is under 3 KiB.
constexpr std::size_t kMaxKeyText = 16 * 1024;
constexpr std::size_t kMaxKeyType = 64;
// The longest command a session may ask for.
constexpr std::size_t kMaxCommand = 200;

bool ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool ascii_digit(char c) { return c >= '0' && c <= '9'; }

// A path that stands in a forced command as it is: absolute, of letters, digits and
// "/._+-" only, so that neither sshd's quoting nor the account's shell reads it otherwise.
bool plain_path(std::string_view p) {
    if (p.empty() || p[0] != '/' || p.size() > 1024) return false;
    for (char c : p)
        if (!ascii_letter(c) && !ascii_digit(c) && !std::strchr("/._+-", c)) return false;
    return true;
}

// A key type as sshd names it ("ssh-ed25519", "ecdsa-sha2-nistp256",
// "sk-ssh-ed25519@openssh.com"); certificates are not taken.
bool key_type(std::string_view t) {
    if (t.empty() || t.size() > kMaxKeyType || t.find("-cert-") != std::string_view::npos)
        return false;
    for (char c : t)
        if (!(c >= 'a' && c <= 'z') && !ascii_digit(c) && !std::strchr("@.-", c)) return false;
    return ascii_letter(t[0]);
}

// A key's base64 text: letters, digits, '+' and '/', padded with at most two '='.
bool key_text(std::string_view k) {
    if (k.empty() || k.size() > kMaxKeyText || k.size() % 4) return false;
    std::size_t pad = 0;
    while (pad < 2 && k[k.size() - 1 - pad] == '=') ++pad;
    for (char c : k.substr(0, k.size() - pad))
        if (!ascii_letter(c) && !ascii_digit(c) && c != '+' && c != '/') return false;
    return true;
}

// The most any limit may be set to (six digits).
constexpr int kMaxLimit = 999999;
const std::string kLimitNames = std::string(kNewPlayersPerHour) + ", " + kNewPlayersPerAddress +
                                ", " + kSeeksPerPlayer + ", " + kGamesPerPlayer + ", " +
                                kComputerGamesPerPlayer + ", " + kTournamentsPerPlayer;

int* limit_named(DoorLimits& l, std::string_view key) {
    if (key == kNewPlayersPerHour) return &l.new_players_per_hour;
    if (key == kNewPlayersPerAddress) return &l.new_players_per_address;
    if (key == kSeeksPerPlayer) return &l.seeks_per_player;
    if (key == kGamesPerPlayer) return &l.games_per_player;
    if (key == kComputerGamesPerPlayer) return &l.computer_games_per_player;
    if (key == kTournamentsPerPlayer) return &l.tournaments_per_player;
    return nullptr;
}

// A game's number as a word: 1 to 999999.
bool game_number(std::string_view w) {
    const int n = parse_count(w);
    return n >= 1 && n <= 999999;
}

} // namespace

TextError read_door_settings(std::string_view text, DoorSettings& out) {
    HeaderBlock block;
    if (TextError e = read_header_block(text, block, "door settings"); e.failed()) return e;
    if (block.body_line)
        return {{}, block.body_line, {}, "not a 'key: value' line (account: NAME, entry: open)"};
    DoorSettings s;
    for (const Header& h : block.headers) {
        if (h.key == "account") {
            if (!net::valid_name(h.value) || h.value[0] == '-')
                return {{}, h.line, h.key, "'" + quoted_piece(h.value) + "' is not a login name"};
            s.account = h.value;
        } else if (h.key == "entry") {
            if (h.value != "open" && h.value != "closed")
                return {{}, h.line, h.key, "entry is open or closed"};
            s.open = h.value == "open";
        } else if (int* limit = limit_named(s.limits, h.key)) {
            *limit = parse_count(h.value);
            if (*limit < 0)
                return {
                    {}, h.line, h.key, h.key + " is a count, 0 to " + std::to_string(kMaxLimit)};
        } else {
            return {
                {}, h.line, h.key, "unknown key (account, entry, or a limit: " + kLimitNames + ")"};
        }
    }
    if (s.account.empty()) return {{}, 0, "account", "no account: the door's Unix account"};
    out = s;
    return {};
}

std::string load_door_settings(const std::string& dir, DoorSettings& out, bool& exists) {
    const std::string path = dir + "/" + kDoorFile;
    exists = false;
    net::UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK));
    if (!fd && errno == ENOENT) return {};
    exists = true;
    if (!fd) return "cannot read " + path + ": " + std::strerror(errno);
    struct stat st, dir_st;
    if (fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode)) return path + " is not a regular file";
    if (stat(dir.c_str(), &dir_st) != 0) return "cannot look at " + dir;
    if (st.st_uid != 0 && st.st_uid != dir_st.st_uid)
        return path + " must belong to root or to the club's user; it is not believed";
    if (st.st_mode & (S_IWGRP | S_IWOTH))
        return path + " may be written by others (chmod go-w); it is not believed";
    if (static_cast<std::size_t>(st.st_size) > kMaxDoorFile) return path + " is too large";
    std::string text(static_cast<std::size_t>(st.st_size), '\0');
    ssize_t got = 0;
    while (static_cast<std::size_t>(got) < text.size()) {
        const ssize_t n = read(fd.get(), text.data() + got, text.size() - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += n;
    }
    text.resize(static_cast<std::size_t>(got));
    DoorSettings s;
    if (TextError e = read_door_settings(text, s); e.failed()) {
        e.file = path;
        return printable(e.message());
    }
    out = s;
    return {};
}

std::string name_fault(std::string_view name) {
    if (name.empty()) return "a name is needed";
    if (name.size() > kMaxPlayerName)
        return "a name is at most " + std::to_string(kMaxPlayerName) + " characters";
    if (!ascii_letter(name[0])) return "a name starts with a letter";
    for (char c : name)
        if (!ascii_letter(c) && !ascii_digit(c) && c != '_' && c != '-')
            return "a name is letters, digits, '_' and '-'";
    return {};
}

std::string door_key_line(std::string_view program, std::string_view club_dir,
                          std::string_view type, std::string_view key, std::string_view fingerprint,
                          std::string& out) {
    if (!plain_path(program)) return "the program's path cannot stand in a forced command";
    if (!plain_path(club_dir)) return "the club's directory cannot stand in a forced command";
    if (!key_type(type)) return "not a key type this door takes";
    if (!key_text(key)) return "not a key in base64";
    if (!net::valid_fingerprint(fingerprint)) return "not a SHA256 fingerprint";
    out = "restrict,pty,command=\"exec " + std::string(program) + " --club-dir " +
          std::string(club_dir) + " --door " + std::string(fingerprint) + "\" " +
          std::string(type) + " " + std::string(key) + "\n";
    return {};
}

std::string read_door_command(std::string_view command, std::vector<std::string>& words) {
    const std::string refusal =
        "halma: this door plays the club's game and nothing else; it answers games, ratings, "
        "history NAME, record N, watch N and addkey";
    if (command.size() > kMaxCommand || has_control_character(command)) return refusal;
    const std::vector<std::string_view> w = split_words(command);
    if (w.empty()) return refusal;
    const std::string_view verb = w[0];
    bool fits = false;
    if (verb == "games" || verb == "ratings" || verb == "addkey")
        fits = w.size() == 1;
    else if (verb == "history")
        fits = w.size() == 1 ||
               (w.size() == 2 && w[1] != "-" && net::valid_occupant(w[1]) && w[1][0] != '-');
    else if (verb == "record" || verb == "watch")
        fits = w.size() == 2 && game_number(w[1]);
    if (!fits) return refusal;
    words.assign(w.begin(), w.end());
    return {};
}

std::string limit_refusal(const char* limit, int n, const char* per, const std::string& frees) {
    return std::string("limit ") + limit + ": " + std::to_string(n) + " " + per + "; " + frees;
}

} // namespace halma::club
