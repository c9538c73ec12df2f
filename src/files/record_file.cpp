#include "files/record_file.hpp"

#include "halma/solo/catalogue.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace halma::files {

std::string write_file_atomically(const std::string& path, const std::string& text) {
    std::string tmp = path + ".tmp" + std::to_string(getpid());
    int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return "cannot write " + path + ": " + std::strerror(errno);
    const char* p = text.data();
    std::size_t left = text.size();
    while (left) {
        ssize_t n = write(fd, p, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            int e = n < 0 ? errno : ENOSPC;
            close(fd);
            unlink(tmp.c_str());
            return "cannot write " + path + ": " + std::strerror(e);
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
    if (fsync(fd) != 0 || close(fd) != 0) {
        int e = errno;
        unlink(tmp.c_str());
        return "cannot write " + path + ": " + std::strerror(e);
    }
    if (rename(tmp.c_str(), path.c_str()) != 0) {
        int e = errno;
        unlink(tmp.c_str());
        return "cannot write " + path + ": " + std::strerror(e);
    }
    return {};
}

std::string read_file(const std::string& path, std::string& text) {
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return "cannot read " + path + ": " + std::strerror(errno);
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        std::fclose(f);
        return "cannot read " + path + ": it is a directory";
    }
    std::string data;
    char buf[65536];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
        data.append(buf, n);
        if (data.size() > kMaxRecordBytes) {
            std::fclose(f);
            return "cannot read " + path + ": larger than " +
                   std::to_string(kMaxRecordBytes >> 20) + " MiB, not a game record";
        }
    }
    bool failed = std::ferror(f);
    std::fclose(f);
    if (failed) return "cannot read " + path + ": read error";
    text = std::move(data);
    return {};
}

std::string save_record(const std::string& path, const Game& game, const Options& headers) {
    return write_file_atomically(path, write_record(game, headers));
}

namespace {

// Whether a text is a bare puzzle file rather than a record: it has a puzzle's start or goal
// and no record's "puzzle:" line, and does not open as an old puzzle record does.
bool is_puzzle_file(std::string_view text) {
    if (text.substr(0, kOldSoloRecordFirstLine.size()) == kOldSoloRecordFirstLine) return false;
    HeaderBlock block;
    if (read_header_block(text, block, "puzzle").failed()) return false;
    return !block.find("puzzle") && (block.find("start") || block.find("goal"));
}

} // namespace

TextError read_game_text(std::string_view text, Game& game, Options& headers) {
    if (!is_puzzle_file(text)) return read_record(text, game, headers);
    Puzzle p;
    TextError err = read_puzzle(text, p);
    if (!err.failed()) {
        game.reset(p);
        headers.clear();
    }
    return err;
}

TextError load_game_file(const std::string& path, Game& game, Options& headers,
                         std::string* text_out) {
    std::string text;
    if (std::string err = read_file(path, text); !err.empty()) return {{}, 0, {}, err};
    TextError err = read_game_text(text, game, headers);
    if (err.failed())
        err.file = path;
    else if (text_out)
        *text_out = std::move(text);
    return err;
}

TextError load_puzzle(const std::string& name_or_path, Puzzle& puzzle) {
    if (solo::builtin_puzzle(name_or_path, puzzle)) return {};
    std::string text;
    if (std::string err = read_file(name_or_path, text); !err.empty()) {
        std::string names;
        for (const std::string& n : solo::builtin_names()) names += " " + n;
        return {{},
                0,
                {},
                "unknown puzzle '" + name_or_path + "': no built-in one of that name (" +
                    names.substr(1) + "), and no puzzle file (" + err + ")"};
    }
    Puzzle p;
    TextError err = read_puzzle(text, p);
    if (err.failed()) {
        err.file = name_or_path;
        return err;
    }
    puzzle = p;
    return {};
}

} // namespace halma::files
