#include "files/saves.hpp"

#include "files/paths.hpp"
#include "files/record_file.hpp"

#include <algorithm>
#include <dirent.h>
#include <sys/stat.h>

namespace halma::files {

namespace {

constexpr const char* kExtension = ".halma";

bool ends_with(const std::string& s, const std::string& end) {
    return s.size() >= end.size() && s.compare(s.size() - end.size(), end.size(), end) == 0;
}

// What a record says of itself in a few words: "16x16 2p, 34 moves, playing".
std::string about(const Game& game) {
    const std::string moves = std::to_string(game.ply()) + (game.ply() == 1 ? " move" : " moves");
    if (const Puzzle* p = game.puzzle())
        return "solitaire " + p->name + ", " + moves + ", " + status_text(game);
    const Rules& r = game.rules();
    return std::to_string(r.size) + "x" + std::to_string(r.size) + " " + std::to_string(r.players) +
           "p, " + moves + ", " + status_text(game);
}

// The .halma files of a folder (their names), at most kMaxListed.
std::vector<std::string> halma_files(const std::string& dir) {
    std::vector<std::string> out;
    DIR* d = opendir(dir.c_str());
    if (!d) return out;
    while (const dirent* e = readdir(d)) {
        const std::string name = e->d_name;
        if (name[0] == '.' || !ends_with(name, kExtension)) continue;
        if (out.size() >= kMaxListed) break;
        out.push_back(name);
    }
    closedir(d);
    return out;
}

} // namespace

std::string saves_dir(std::string& error) {
    const std::string state = state_dir(error);
    return state.empty() ? state : state + "/saves";
}

std::string save_file(const std::string& name, bool make, std::string& error) {
    if (name.empty()) return error = "a name is needed", std::string();
    if (name.find('/') != std::string::npos) return name;
    if (name[0] == '.') return error = "a save's name cannot start with '.'", std::string();
    if (has_control_character(name))
        return error = "a save's name cannot hold control characters", std::string();
    const std::string dir = saves_dir(error);
    if (dir.empty()) return {};
    if (make) {
        if (std::string e = make_dirs(dir); !e.empty()) return error = e, std::string();
    }
    return dir + "/" + name + (ends_with(name, kExtension) ? "" : kExtension);
}

std::vector<SaveEntry> list_saves(const std::string& dir) {
    std::vector<SaveEntry> out;
    for (const std::string& name : halma_files(dir)) {
        SaveEntry e;
        e.name = name.substr(0, name.size() - std::string(kExtension).size());
        e.file = dir + "/" + name;
        struct stat st;
        if (stat(e.file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
        e.when = st.st_mtim.tv_sec;
        e.when_ns = st.st_mtim.tv_nsec;
        Game game;
        Options headers;
        if (TextError err = load_game_file(e.file, game, headers); err.failed()) {
            e.about = "does not read: " + printable(err.text);
        } else {
            e.about = about(game);
            e.readable = true;
        }
        out.push_back(std::move(e));
    }
    std::sort(out.begin(), out.end(), [](const SaveEntry& a, const SaveEntry& b) {
        if (a.when != b.when) return a.when > b.when;
        return a.when_ns != b.when_ns ? a.when_ns > b.when_ns : a.name < b.name;
    });
    return out;
}

std::vector<std::string> save_names(const std::string& dir) {
    std::vector<std::string> out;
    for (const std::string& name : halma_files(dir))
        out.push_back(name.substr(0, name.size() - std::string(kExtension).size()));
    std::sort(out.begin(), out.end());
    return out;
}

std::string dated_name(const std::string& prefix) {
    return prefix + "-" + local_time(std::time(nullptr), "%Y%m%d-%H%M%S");
}

} // namespace halma::files
