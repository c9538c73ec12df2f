#include "play/words.hpp"

#include "settings/display.hpp"

#include <cctype>

namespace halma::play {

std::string player_words(Seat seat) { return "player " + std::to_string(player_number(seat)); }

std::string who_words(Seat seat, Seat you) {
    return you != kNoSeat && seat == you ? "you" : player_words(seat);
}

std::string list_words(const std::vector<std::string>& words) {
    std::string s;
    for (std::size_t i = 0; i < words.size(); ++i)
        s += (i == 0 ? "" : i + 1 == words.size() ? " and " : ", ") + words[i];
    return s;
}

std::string count_words(int n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

namespace {

// The seats of a mask in words, "you" first.
std::vector<std::string> seats_words(const Game& game, unsigned mask, Seat you) {
    std::vector<std::string> out;
    if (you != kNoSeat && ((mask >> you) & 1)) out.push_back("you");
    for (Seat p = 0; p < game.players(); ++p)
        if (((mask >> p) & 1) && p != you) out.push_back(player_words(p));
    return out;
}

// Whose a thing is: "your", "player 2's".
std::string possessive(Seat seat, Seat you) {
    return you != kNoSeat && seat == you ? "your" : player_words(seat) + "'s";
}

// Squares as a list: "o16, p15".
std::string squares_words(const Bitboard& squares) {
    std::string s;
    for_each_square(squares, [&](Square sq) { s += (s.empty() ? "" : ", ") + square_name(sq); });
    return s;
}

// Player p filled its camp; under fill, the rule in words and the opponents' pieces left there
// said to count.
std::string finished_words(const Game& game, Seat p, Seat you, int turns) {
    const bool your_home = you != kNoSeat && you != p &&
                           seat_camps(game.rules(), p).target == seat_camps(game.rules(), you).home;
    std::string s =
        capitalised(who_words(p, you)) + " filled " +
        (your_home ? "your home camp (" + square_name(target_corner(game.rules(), p)) + ")"
                   : target_words(game, p, turns));
    if (game.rules().partners != Partners::None) s += " first";
    const Bitboard others =
        game.camps().target[p] & game.position().occupied() & ~game.position().pieces(p);
    if (game.rules().spoil != Spoil::Fill || others.empty()) return s;
    std::vector<std::string> owners;
    for (Seat q = 0; q < game.players(); ++q)
        if ((others & game.position().pieces(q)).any()) owners.push_back(possessive(q, you));
    const bool one = others.count() == 1;
    return s + ": under spoil=fill a camp full of pieces wins, and " + list_words(owners) +
           (one ? " piece" : " pieces") + " left there (" + squares_words(others) +
           (one ? ") counts" : ") count");
}

} // namespace

std::string result_words(const Game& game, Seat you) {
    const Result r = game.result();
    if (game.ending().rule == Ending::Rule::Aborted) return "Aborted: not every player had moved";
    if (game.ending().rule == Ending::Rule::Agreement) return "Draw agreed";
    if (r.outcome == Outcome::Draw) return "Draw: the move limit is reached";
    if (you >= game.players()) you = kNoSeat;
    if (you != kNoSeat && r.won_by(you))
        return capitalised(list_words(seats_words(game, r.winners, you))) + " win";
    const std::vector<std::string> winners = seats_words(game, r.winners, kNoSeat);
    const std::string verb = winners.size() == 1 ? " wins" : " win";
    if (you != kNoSeat) return "You lose: " + list_words(winners) + verb;
    if (winners.size() == 1) return capitalised(winners[0]) + verb;
    std::vector<std::string> numbers;
    for (Seat p = 0; p < game.players(); ++p)
        if (r.won_by(p)) numbers.push_back(std::to_string(player_number(p)));
    return "Players " + list_words(numbers) + verb;
}

std::string ending_words(const Game& game, Seat you, int turns) {
    if (game.puzzle()) return {};
    const Ending e = game.ending();
    const std::string deadline = std::to_string(game.rules().evacuate);
    using R = Ending::Rule;
    switch (e.rule) {
    case R::Finished:
        return finished_words(game, e.seat, you, turns);
    case R::Evacuation: {
        const int home = (game.position().pieces(e.seat) & game.camps().home[e.seat]).count();
        const int made = game.moves_made(e.seat);
        if (made > game.rules().evacuate)
            return capitalised(who_words(e.seat, you)) + " went back home with move " +
                   std::to_string(made) + ": none may stand there from move " + deadline +
                   " on (the leave-home rule)";
        return capitalised(who_words(e.seat, you)) + " still had " +
               count_words(home, "piece", "pieces") + " at home after move " + deadline +
               " (the leave-home rule)";
    }
    case R::LastSide: {
        std::vector<std::string> out;
        for (Seat p = 0; p < game.players(); ++p)
            if (game.dropped(p)) out.push_back(who_words(p, you));
        return capitalised(list_words(out)) + " dropped out, with pieces at home from move " +
               deadline + " on (the leave-home rule)";
    }
    case R::PartnersHome:
        return capitalised(list_words(seats_words(game, game.result().winners, you))) +
               " have all filled their camps";
    case R::MoveLimit:
        return "Every player made " + std::to_string(game.rules().maxturns) +
               " moves with no winner (the move limit)";
    case R::Resigned:
        return capitalised(who_words(e.seat, you)) + " resigned";
    case R::OutOfTime:
        return capitalised(who_words(e.seat, you)) + " ran out of time";
    case R::Left:
        return capitalised(who_words(e.seat, you)) + " left and the game was claimed";
    case R::Agreement:
        return "The players agreed to a draw";
    case R::Aborted:
        return "The game was called off before every player had moved: it has no result";
    case R::None:
    case R::NoMove:
        break;
    }
    return {};
}

std::string corner_words(Corner corner, int turns) {
    switch (settings::View{turns}.screen_corner(corner)) {
    case Corner::A1:
        return "bottom left";
    case Corner::A16:
        return "top left";
    case Corner::P16:
        return "top right";
    default:
        return "bottom right";
    }
}

std::string target_words(const Game& game, Seat p, int turns) {
    const Rules& r = game.rules();
    return "the " + corner_words(seat_camps(r, p).target, turns) + " camp (" +
           square_name(target_corner(r, p)) + ")";
}

std::string orientation_words(const Game& game, Seat you, const std::string& glyph, int turns) {
    return "You are " + glyph + " " + player_words(you) + ": take your " +
           count_words(game.position().pieces(you).count(), "piece", "pieces") + " to " +
           target_words(game, you, turns);
}

HomeWarning home_warning(const Game& game, Seat p) {
    const int deadline = game.rules().evacuate;
    if (game.puzzle() || deadline <= 0 || game.over() || game.finished(p) || game.dropped(p))
        return {};
    const int left = deadline - game.moves_made(p);
    const int home = (game.position().pieces(p) & game.camps().home[p]).count();
    if (left <= 0 || left > kHomeWarningMoves || home == 0) return {};
    return {home, left};
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

std::string solo_intro(const Puzzle& p, bool title) {
    std::string s = "Solitaire " + p.name + (p.title.empty() || !title ? "" : ": " + p.title);
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
