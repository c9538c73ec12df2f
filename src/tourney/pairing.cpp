#include "tourney/pairing.hpp"

#include <algorithm>
#include <numeric>

namespace halma::tourney {

namespace {

// The work a search for a pairing without rematches may do (players looked at) before it
// settles for one with the fewest: a count, not a time, so that the same field always pairs
// the same. A field of 1,000 paired at the first try takes some 500,000.
constexpr long kSearchSteps = 4000000;

// What the rounds so far say about each entrant.
struct History {
    int n = 0;
    std::vector<unsigned char> met;             // n * n: whether two entrants have met
    std::vector<int> byes;                      // byes had
    std::vector<std::vector<int>> first_moves;  // a game of two: +1 moved first, -1 second
    std::vector<std::vector<int>> times_seated; // per seat of a table
    std::vector<int> last_seat;                 // in the last round (-1: none)
    [[nodiscard]] bool have_met(int a, int b) const {
        return met[static_cast<std::size_t>(a) * n + b] != 0;
    }
};

History history_of(const Event& e) {
    History h;
    h.n = static_cast<int>(e.entrants.size());
    const int k = e.table_size();
    h.met.assign(static_cast<std::size_t>(h.n) * h.n, 0);
    h.byes.assign(h.n, 0);
    h.first_moves.assign(h.n, {});
    h.times_seated.assign(h.n, std::vector<int>(k, 0));
    for (const Round& r : e.rounds) {
        if (r.bye >= 0) ++h.byes[r.bye];
        h.last_seat.assign(h.n, -1);
        for (const Board& b : r.boards)
            for (int s = 0; s < static_cast<int>(b.seats.size()); ++s) {
                const int a = b.seats[s];
                if (a == kComputer) continue;
                h.last_seat[a] = s;
                ++h.times_seated[a][s];
                if (k == 2) h.first_moves[a].push_back(s == 0 ? 1 : -1);
                for (int other : b.seats)
                    if (other != kComputer && other != a)
                        h.met[static_cast<std::size_t>(a) * h.n + other] = 1;
            }
    }
    if (h.last_seat.empty()) h.last_seat.assign(h.n, -1);
    return h;
}

// The entrants still in, best placed first: points, then rating, then the order they joined.
std::vector<int> ranking_order(const Event& e, const std::vector<double>& points) {
    std::vector<int> order;
    for (int i = 0; i < static_cast<int>(e.entrants.size()); ++i)
        if (!e.entrants[i].withdrawn) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        if (points[a] != points[b]) return points[a] > points[b];
        return e.entrants[a].rating > e.entrants[b].rating;
    });
    return order;
}

// Who moved first how often, and lately.
struct FirstMoves {
    int balance = 0;    // games moved first less those moved second
    int last = 0;       // +1 moved first last time, -1 second, 0 no game yet
    bool twice = false; // the same in the last two games
};

FirstMoves first_moves_of(const std::vector<int>& games) {
    FirstMoves f;
    f.balance = std::accumulate(games.begin(), games.end(), 0);
    f.last = games.empty() ? 0 : games.back();
    f.twice = games.size() >= 2 && games[games.size() - 1] == games[games.size() - 2];
    return f;
}

// Whether a is to move first against b (a placed above b, on board `board` from 1).
bool moves_first(const FirstMoves& a, const FirstMoves& b, int board) {
    if (a.twice != b.twice) return a.twice ? a.last < 0 : b.last > 0;
    if (a.balance != b.balance) return a.balance < b.balance;
    if (a.last != b.last) return a.last < b.last;
    return board % 2 == 1;
}

// The search for a Swiss pairing of two: positions in the ranking order, paired top down.
class SwissSearch {
  public:
    SwissSearch(const std::vector<int>& order, const std::vector<double>& points,
                const History& history, const std::vector<FirstMoves>& firsts, long& steps)
        : order_(order), points_(points), history_(history), firsts_(firsts), steps_(steps),
          used_(order.size(), 0) {}

    // Pairs everyone but the position left out (-1: none). False when no pairing without a
    // rematch was found (or, with rematches allowed, never).
    bool run(int left_out, bool rematches) {
        rematches_ = rematches;
        std::fill(used_.begin(), used_.end(), 0);
        if (left_out >= 0) used_[left_out] = 1;
        pairs_.clear();
        return solve(0);
    }
    [[nodiscard]] const std::vector<std::pair<int, int>>& pairs() const { return pairs_; }

  private:
    bool solve(std::size_t from) {
        while (from < used_.size() && used_[from]) ++from;
        if (from == used_.size()) return true;
        if (!rematches_ && (steps_ -= static_cast<long>(used_.size() - from)) < 0) return false;
        const int p = static_cast<int>(from);
        used_[p] = 1;
        for (int q : candidates(p)) {
            used_[q] = 1;
            pairs_.emplace_back(p, q);
            if (solve(from + 1)) return true;
            pairs_.pop_back();
            used_[q] = 0;
            if (steps_ < 0) break;
        }
        used_[p] = 0;
        return false;
    }

    [[nodiscard]] bool met(int p, int q) const { return history_.have_met(order_[p], order_[q]); }
    // Both moved first (or second) in their last two games: one would a third time.
    [[nodiscard]] bool clash(int p, int q) const {
        const FirstMoves &a = firsts_[order_[p]], &b = firsts_[order_[q]];
        return a.twice && b.twice && a.last == b.last;
    }

    // p's opponents in the order they are tried: its score group from the player half the
    // group below it down, then up; then the groups below. Within each, those who would not
    // move first (or second) a third time running before those who would; rematches last.
    [[nodiscard]] std::vector<int> candidates(int p) const {
        const int n = static_cast<int>(used_.size());
        std::vector<int> group, below;
        for (int q = p + 1; q < n; ++q)
            if (!used_[q]) (points_[order_[q]] == points_[order_[p]] ? group : below).push_back(q);
        // The group's bottom half starts here, p being the top half's first.
        const std::size_t half = (group.size() + 1) / 2;
        std::vector<int> ordered(group.begin() + static_cast<long>(half ? half - 1 : 0),
                                 group.end());
        for (std::size_t i = half > 1 ? half - 1 : 0; i-- > 0;) ordered.push_back(group[i]);
        std::vector<int> tried, again;
        for (std::vector<int>* tier : {&ordered, &below}) {
            std::stable_partition(tier->begin(), tier->end(), [&](int q) { return !clash(p, q); });
            for (int q : *tier) (met(p, q) ? again : tried).push_back(q);
        }
        if (rematches_) tried.insert(tried.end(), again.begin(), again.end());
        return tried;
    }

    const std::vector<int>& order_;
    const std::vector<double>& points_;
    const History& history_;
    const std::vector<FirstMoves>& firsts_;
    long& steps_;
    std::vector<unsigned char> used_;
    std::vector<std::pair<int, int>> pairs_;
    bool rematches_ = false;
};

Round pair_swiss(const Event& e) {
    const History history = history_of(e);
    const std::vector<double> points = points_of(e);
    const std::vector<int> order = ranking_order(e, points);
    std::vector<FirstMoves> firsts;
    for (const auto& games : history.first_moves) firsts.push_back(first_moves_of(games));
    long steps = kSearchSteps;
    SwissSearch search(order, points, history, firsts, steps);
    const int n = static_cast<int>(order.size());
    // The bye: the lowest placed who has had none (and leaves a pairing without rematches).
    std::vector<int> byes{-1};
    if (n % 2) {
        byes.clear();
        for (int p = n - 1; p >= 0; --p)
            if (history.byes[order[p]] == 0) byes.push_back(p);
        if (byes.empty()) byes.push_back(n - 1);
    }
    int bye = byes.front();
    bool found = false;
    for (int b : byes)
        if (steps >= 0 && (found = search.run(b, false))) {
            bye = b;
            break;
        }
    if (!found) (void)search.run(bye, true);
    Round round;
    round.bye = bye >= 0 ? order[bye] : -1;
    int board = 0;
    for (auto [p, q] : search.pairs()) {
        const int a = order[p], b = order[q];
        const bool a_first = moves_first(firsts[a], firsts[b], ++board);
        round.boards.push_back(
            Board{a_first ? std::vector<int>{a, b} : std::vector<int>{b, a}, {}, {}});
    }
    return round;
}

// FIDE's Berger tables: round r (from 1) of a field of n seeds (n even; seed n is fixed).
Round pair_robin(const Event& e) {
    std::vector<int> seeds(e.entrants.size());
    std::iota(seeds.begin(), seeds.end(), 0);
    std::stable_sort(seeds.begin(), seeds.end(),
                     [&](int a, int b) { return e.entrants[a].rating > e.entrants[b].rating; });
    const int n = static_cast<int>(seeds.size() + seeds.size() % 2), m = n - 1;
    const int r = static_cast<int>(e.rounds.size()) + 1;
    const int s = ((r - 1) * (n / 2)) % m + 1;
    auto entrant = [&](int seed) {
        return seed <= static_cast<int>(seeds.size()) ? seeds[seed - 1] : -1;
    };
    Round round;
    auto add = [&](int first_seed, int second_seed) {
        const int a = entrant(first_seed), b = entrant(second_seed);
        if (a < 0 || b < 0) {
            round.bye = a < 0 ? b : a;
            return;
        }
        if (e.entrants[a].withdrawn || e.entrants[b].withdrawn) return;
        round.boards.push_back(Board{{a, b}, {}, {}});
    };
    if (r % 2)
        add(s, n);
    else
        add(n, s);
    for (int j = 1; j < n / 2; ++j) add((s - 1 + j) % m + 1, ((s - 1 - j) % m + m) % m + 1);
    return round;
}

// The seats of a table's members (entrants, or kComputer), turned: the arrangement (in
// the order of permutations) that seats each player where they sat least often and never
// where they sat last round when it can.
Board seated(const std::vector<int>& members, const History& h) {
    const int k = static_cast<int>(members.size());
    std::vector<int> seat_of(k), best;
    std::iota(seat_of.begin(), seat_of.end(), 0);
    long best_cost = -1;
    do {
        long cost = 0;
        for (int i = 0; i < k; ++i)
            if (members[i] != kComputer)
                cost += 1000L * (h.last_seat[members[i]] == seat_of[i]) +
                        h.times_seated[members[i]][seat_of[i]];
        if (best_cost < 0 || cost < best_cost) best_cost = cost, best = seat_of;
    } while (std::next_permutation(seat_of.begin(), seat_of.end()));
    Board b;
    b.seats.assign(k, kComputer);
    for (int i = 0; i < k; ++i) b.seats[best[i]] = members[i];
    return b;
}

// The search for tables of three and four: positions in the ranking order, each table the
// best still unseated and the next who have met none of its members.
class TableSearch {
  public:
    TableSearch(const std::vector<int>& order, const History& history,
                const std::vector<int>& sizes)
        : order_(order), history_(history), sizes_(sizes), used_(order.size(), 0) {}

    // Fills tables_ (positions); false when the steps ran out first.
    bool run() {
        long steps = kSearchSteps;
        steps_ = &steps;
        return solve(0, {});
    }
    // Table by table, each member the unseated one who has met the fewest of those seated
    // there already (the first so ordered among equals).
    void settle() {
        std::fill(used_.begin(), used_.end(), 0);
        tables_.clear();
        for (int size : sizes_) {
            std::vector<int> table;
            while (static_cast<int>(table.size()) < size) {
                int best = -1, best_met = 0;
                for (int q = 0; q < static_cast<int>(used_.size()); ++q) {
                    if (used_[q]) continue;
                    const int met = meetings(table, q);
                    if (best < 0 || met < best_met) best = q, best_met = met;
                    if (table.empty() || met == 0) break;
                }
                used_[best] = 1;
                table.push_back(best);
            }
            tables_.push_back(table);
        }
    }
    [[nodiscard]] const std::vector<std::vector<int>>& tables() const { return tables_; }

  private:
    [[nodiscard]] int meetings(const std::vector<int>& table, int q) const {
        int met = 0;
        for (int p : table) met += history_.have_met(order_[p], order_[q]);
        return met;
    }
    // Seats the table being filled (table), then the tables after it.
    bool solve(std::size_t from, std::vector<int> table) {
        if (table.empty()) {
            if (tables_.size() == sizes_.size()) return true;
            while (from < used_.size() && used_[from]) ++from;
            used_[from] = 1;
            if (solve(from + 1, {static_cast<int>(from)})) return true;
            used_[from] = 0;
            return false;
        }
        if (static_cast<int>(table.size()) == sizes_[tables_.size()]) {
            tables_.push_back(table);
            if (solve(0, {})) return true;
            tables_.pop_back();
            return false;
        }
        for (std::size_t q = from; q < used_.size() && --*steps_ >= 0; ++q) {
            if (used_[q] || meetings(table, static_cast<int>(q))) continue;
            used_[q] = 1;
            table.push_back(static_cast<int>(q));
            if (solve(q + 1, table)) return true;
            table.pop_back();
            used_[q] = 0;
        }
        return false;
    }

    const std::vector<int>& order_;
    const History& history_;
    const std::vector<int>& sizes_;
    std::vector<unsigned char> used_;
    std::vector<std::vector<int>> tables_;
    long* steps_ = nullptr;
};

Round pair_tables(const Event& e) {
    const History history = history_of(e);
    const std::vector<int> order = ranking_order(e, points_of(e));
    const int n = static_cast<int>(order.size()), k = e.table_size();
    const int count = (n + k - 1) / k;
    // The players at each table: computer seats in the lowest tables, one a table from the
    // bottom up.
    std::vector<int> sizes(count, k);
    for (int i = 0; i < count * k - n; ++i) --sizes[count - 1 - i % count];
    TableSearch search(order, history, sizes);
    if (!search.run()) search.settle();
    Round round;
    for (const std::vector<int>& table : search.tables()) {
        std::vector<int> members;
        for (int p : table) members.push_back(order[p]);
        members.resize(k, kComputer);
        round.boards.push_back(seated(members, history));
    }
    return round;
}

} // namespace

Round pair_next_round(const Event& event) {
    if (event.table_size() > 2) return pair_tables(event);
    return event.description.system == System::Robin ? pair_robin(event) : pair_swiss(event);
}

} // namespace halma::tourney
