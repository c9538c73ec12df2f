#include "store/sql.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace halma::club {

namespace {
constexpr const char* kPostgresPrefix = "postgresql:";
}

std::string read_store_uri(const std::string& text, StoreUri& out) {
    if (text == "sqlite") return out = {Engine::Sqlite, {}}, std::string();
    const std::string prefix = kPostgresPrefix;
    if (text.compare(0, prefix.size(), prefix) == 0) {
        const std::string conninfo = text.substr(prefix.size());
        if (conninfo.find_first_not_of(" \t") == std::string::npos)
            return "postgresql: needs a connection string, as in "
                   "postgresql:host=/run/postgresql dbname=halma";
        for (char c : conninfo)
            if (static_cast<unsigned char>(c) < 0x20 && c != '\t')
                return "a connection string is one line";
        return out = {Engine::Postgres, conninfo}, std::string();
    }
    return "the club's store is sqlite or postgresql:CONNINFO (as in "
           "postgresql:host=/run/postgresql dbname=halma), not \"" +
           text + "\"";
}

std::string store_uri_text(const StoreUri& uri) {
    return uri.engine == Engine::Sqlite ? "sqlite" : kPostgresPrefix + uri.conninfo;
}

std::string find_store(const std::string& dir, const std::string& given, StoreUri& out, bool keep) {
    const std::string path = dir + "/" + kStoreFile;
    if (!given.empty()) {
        if (std::string e = read_store_uri(given, out); !e.empty()) return "--club-store: " + e;
        if (!keep) return {};
        // Kept in the directory, 0600 (a connection string may hold a password), replaced
        // whole.
        const std::string temp = path + ".part";
        (void)unlink(temp.c_str());
        const int fd = ::open(temp.c_str(), O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0600);
        if (fd < 0) return "cannot create " + temp + ": " + std::strerror(errno);
        const std::string line = store_uri_text(out) + "\n";
        const bool written =
            write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
        ::close(fd);
        if (!written || std::rename(temp.c_str(), path.c_str()) != 0) {
            (void)unlink(temp.c_str());
            return "cannot write " + path + ": " + std::strerror(errno);
        }
        return {};
    }
    std::ifstream in(path);
    if (!in) return out = {}, std::string(); // none: SQLite, as a club always was
    std::string line;
    std::getline(in, line);
    if (std::string e = read_store_uri(line, out); !e.empty()) return path + ": " + e;
    return {};
}

} // namespace halma::club
