#include "files/learned.hpp"

#include "halma/options.hpp"
#include "halma/text.hpp"

#include <algorithm>

namespace halma::files {

namespace {

// A line's moves, when it reads as a game's line; empty otherwise.
std::vector<int> line_moves(std::string_view line, std::string_view key) {
    const std::vector<std::string_view> w = split_words(line);
    if (w.size() < 2 || w[0] != key) return {};
    std::vector<int> out;
    for (std::size_t i = 1; i < w.size(); ++i) {
        const int m = parse_count(w[i]);
        if (m < 1) return {};
        out.push_back(m);
    }
    return out;
}

// Whether a line reads as some game's line.
bool well_formed(std::string_view line) {
    const std::vector<std::string_view> w = split_words(line);
    if (w.size() < 2 || w[0].size() != 16 ||
        w[0].find_first_not_of("0123456789abcdef") != std::string_view::npos)
        return false;
    return !line_moves(line, w[0]).empty();
}

} // namespace

std::string learned_path(const std::string& dir) { return dir + "/learned"; }

std::vector<int> solved_moves(std::string_view text, std::string_view key) {
    std::vector<int> out;
    for (LineReader reader(text); reader.next();)
        for (int m : line_moves(reader.line(), key))
            if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
    std::sort(out.begin(), out.end());
    return out;
}

std::string with_solved(std::string_view text, std::string_view key, int move) {
    std::vector<int> moves = solved_moves(text, key);
    if (std::find(moves.begin(), moves.end(), move) == moves.end()) moves.push_back(move);
    std::sort(moves.begin(), moves.end());
    std::vector<std::string> others; // each other game's line, written anew
    for (LineReader reader(text); reader.next();) {
        if (!well_formed(reader.line()) || split_words(reader.line())[0] == key) continue;
        std::string line;
        for (std::string_view w : split_words(reader.line()))
            line.append(line.empty() ? "" : " ").append(w);
        others.push_back(line);
    }
    if (others.size() >= kLearnedGames)
        others.erase(others.begin(), others.end() - static_cast<long>(kLearnedGames - 1));
    std::string out;
    for (const std::string& l : others) out += l + "\n";
    out.append(key);
    for (int m : moves) out += " " + std::to_string(m);
    return out + "\n";
}

} // namespace halma::files
