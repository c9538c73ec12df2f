#include "files/paths.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>

namespace halma::files {

std::string xdg_dir(const char* variable, const char* under_home, const char* what,
                    std::string& error) {
    // The XDG base directory rules: a relative path in the variable is to be ignored.
    const char* xdg = std::getenv(variable);
    if (xdg && *xdg == '/') return std::string(xdg) + "/halma";
    const char* home = std::getenv("HOME");
    if (!home || !*home) {
        error = std::string("neither ") + variable + " nor HOME is set, so there is no place for " +
                what;
        return {};
    }
    return std::string(home) + "/" + under_home + "/halma";
}

std::string state_dir(std::string& error) {
    return xdg_dir("XDG_STATE_HOME", ".local/state", "saved games", error);
}

std::string make_dirs(const std::string& dir) {
    for (std::size_t at = 1; at <= dir.size(); ++at) {
        if (at != dir.size() && dir[at] != '/') continue;
        std::string part = dir.substr(0, at);
        if (mkdir(part.c_str(), 0700) != 0 && errno != EEXIST)
            return "cannot create directory " + part + ": " + std::strerror(errno);
    }
    struct stat st;
    if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        return "cannot use " + dir + ": not a directory";
    return {};
}

std::string ready_state_dir(std::string& error) {
    std::string dir = state_dir(error);
    if (!dir.empty()) error = make_dirs(dir);
    return error.empty() ? dir : std::string();
}

std::string base_name(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string autosave_path(const std::string& dir) { return dir + "/autosave.halma"; }

bool file_exists(const std::string& path) {
    struct stat st;
    return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string set_aside(const std::string& path) {
    for (int i = 0; i < 1000; ++i) {
        std::string to = path + ".bad" + (i ? std::to_string(i) : std::string());
        struct stat st;
        if (lstat(to.c_str(), &st) == 0) continue;
        if (std::rename(path.c_str(), to.c_str()) == 0) return to;
        return {};
    }
    return {};
}

} // namespace halma::files
