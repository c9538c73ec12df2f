#include "tourney/event.hpp"

namespace halma::tourney {

int Event::planned_rounds() const noexcept {
    if (description.system == System::Swiss) return description.rounds;
    const int n = static_cast<int>(entrants.size());
    return n % 2 ? n : n - 1;
}

bool Event::rounds_over() const noexcept {
    for (const Round& r : rounds)
        for (const Board& b : r.boards)
            if (!b.over()) return false;
    return true;
}

double place_points(const Board& board, int seat) {
    const int seats = static_cast<int>(board.ranks.size());
    int better = 0, level = 0;
    for (int r : board.ranks) {
        better += r < board.ranks[seat];
        level += r == board.ranks[seat];
    }
    // The places from better to better + level - 1, each worth seats - 1 - place, shared.
    double sum = 0;
    for (int place = better; place < better + level; ++place) sum += seats - 1 - place;
    return sum / level;
}

int place_at(const Board& board, int seat) {
    int place = 1;
    for (int rank : board.ranks) place += rank < board.ranks[seat];
    return place;
}

double bye_points(const Event& event) {
    return event.description.system == System::Swiss ? event.table_size() - 1 : 0;
}

std::vector<double> points_of(const Event& event) {
    std::vector<double> points(event.entrants.size(), 0.0);
    for (const Round& r : event.rounds) {
        if (r.bye >= 0) points[r.bye] += bye_points(event);
        for (const Board& b : r.boards)
            for (int s = 0; b.over() && s < static_cast<int>(b.seats.size()); ++s)
                if (b.seats[s] != kComputer) points[b.seats[s]] += place_points(b, s);
    }
    return points;
}

} // namespace halma::tourney
