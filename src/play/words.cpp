#include "play/words.hpp"

#include <cctype>
#include <vector>

namespace halma::play {

std::string player_words(Seat seat) { return "player " + std::to_string(player_number(seat)); }

std::string result_words(const Game& game) {
    const Result r = game.result();
    if (r.outcome == Outcome::Draw) return "Draw: the move limit is reached";
    std::vector<int> numbers;
    for (Seat p = 0; p < game.players(); ++p)
        if (r.won_by(p)) numbers.push_back(player_number(p));
    if (numbers.size() == 1) return "Player " + std::to_string(numbers[0]) + " wins";
    std::string s = "Players";
    for (std::size_t i = 0; i < numbers.size(); ++i)
        s += (i ? " and " : " ") + std::to_string(numbers[i]);
    return s + " win";
}

std::string par_words(int par, int moves) {
    const int d = moves - par;
    return d == 0  ? "on par"
           : d > 0 ? std::to_string(d) + " over par"
                   : std::to_string(-d) + " under par!";
}

std::string solved_words(const Puzzle& p, int moves) {
    std::string words = "Solved in " + std::to_string(moves) + " moves";
    if (p.par <= 0) return words;
    return words + ", par " + std::to_string(p.par) + " (" + par_words(p.par, moves) + ")";
}

std::string solo_intro(const Puzzle& p) {
    std::string s = "Solitaire " + p.name + (p.title.empty() ? "" : ": " + p.title);
    if (p.par > 0) s += "; par " + std::to_string(p.par);
    if (p.limit > 0) s += ", at most " + std::to_string(p.limit) + " moves";
    return s;
}

std::string capitalised(std::string text) {
    if (!text.empty())
        text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
    return text;
}

} // namespace halma::play
