// solo_sym PUZZLE [options]: a bounded beam search for a symmetric figure (issue 7, the
// `symmetry` puzzle), in the whole move space or in the subspace where every piece moves once.
//
// SymOptions:
//   --moves N      the most moves (default: the puzzle's limit, else 19)
//   --width W      positions kept per depth (default 100000)
//   --seconds S    stop after S seconds of search (default 600)
//   --memory-mb M  refuse a width whose layers would need more than M MB (default 6000)
//   --once         only pieces that have not moved yet may move: every landing is final
//   --repeats R    with --once, R moves in all may still move a piece that already moved
//   --complete-at D  stop the beam at depth D and search on from each position kept there
//                  depth-first and exhaustively (within the same move space and bounds),
//                  best-scored first, until a figure is found or the time is up
//   --table-mb M   the memory of the completion's table of dead ends (default 512)
//   --no-prune     keep hopeless positions too (to see how close the best lines come)
//   --weight K     the score's price of a piece without a mirror image, in line-total units
//                  (default 12: about what one move of a 19-move solution gains)
//
// Every position kept passes two admissible tests, so no line dropped by them could finish:
//  - mirrors: one move mends at most two pieces without a mirror image (the mover and the
//    piece it lands opposite); with --once and no repeat left, a piece that has moved never
//    moves again, so each of those lacking a mirror needs a landing of its own (one a move),
//    and each unmoved piece lacking one needs its own move or a landing on its mirror;
//  - progress: a symmetric figure's line total (file + rank from 0 for the a16-p1 diagonal)
//    is fixed, and no move lands beyond the furthest piece's line + 2, so the i-th move from
//    now lands at most at that furthest line + 2i; the total still reachable is bounded by
//    moving the pieces furthest behind to those lines.
// The survivors are scored by weight x (pieces without a mirror image) less the progress, the
// best `width` distinct positions kept. The line found (or, failing that, the best of the last
// depth reached) is replayed and checked through the solo game before it is printed.
#include "halma/solo.hpp"
#include "record_file.hpp"
#include "solo_line.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace halma;
using namespace halma::solo;

namespace {

// What the command line asks for.
struct SymOptions {
    int moves = 0;
    long width = 100000;
    double seconds = 600;
    long memory_mb = 6000;
    bool once = false;
    int repeats = 0;
    int weight = 12;
    bool prune = true;
    int complete_at = 0;
    long table_mb = 512;
};

// One kept position: the pieces, the squares of pieces that have moved, repeats used.
struct SymNode {
    Bitboard pieces;
    Bitboard moved;
    std::uint64_t key;
    int parent;
    Move move;
    int score;
    int repeats;
};

// How a kept position was reached, all that older layers need to keep.
struct Link {
    int parent;
    Move move;
};

// Reads the options after the puzzle; returns what is wrong, or nothing.
std::string parse_options(int argc, char** argv, SymOptions& o) {
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&](double lo, double hi, double& out) -> bool {
            if (i + 1 >= argc) return false;
            char* end = nullptr;
            out = std::strtod(argv[++i], &end);
            return end && *end == 0 && out >= lo && out <= hi;
        };
        double v = 0;
        if (a == "--once") {
            o.once = true;
        } else if (a == "--complete-at") {
            if (!value(1, 200, v)) return "--complete-at needs 1 to 200";
            o.complete_at = static_cast<int>(v);
        } else if (a == "--table-mb") {
            if (!value(1, 1e5, v)) return "--table-mb needs 1 to 100000";
            o.table_mb = static_cast<long>(v);
        } else if (a == "--no-prune") {
            o.prune = false;
        } else if (a == "--moves") {
            if (!value(1, 200, v)) return "--moves needs 1 to 200";
            o.moves = static_cast<int>(v);
        } else if (a == "--width") {
            if (!value(1, 1e8, v)) return "--width needs 1 to 100000000";
            o.width = static_cast<long>(v);
        } else if (a == "--seconds") {
            if (!value(0.001, 1e6, v)) return "--seconds needs a positive number";
            o.seconds = v;
        } else if (a == "--memory-mb") {
            if (!value(1, 1e6, v)) return "--memory-mb needs 1 to 1000000";
            o.memory_mb = static_cast<long>(v);
        } else if (a == "--repeats") {
            if (!value(0, 200, v)) return "--repeats needs 0 to 200";
            o.repeats = static_cast<int>(v);
        } else if (a == "--weight") {
            if (!value(0, 1000, v)) return "--weight needs 0 to 1000";
            o.weight = static_cast<int>(v);
        } else {
            return "unknown option '" + a + "'";
        }
    }
    return {};
}

// The search for one puzzle: its constants and the two admissible tests.
class SymSearch {
  public:
    SymSearch(const Puzzle& p, const SymOptions& o) : p_(p), o_(o) {
        const int target =
            p.goal == GoalKind::SymmetricDiagonal ? 0 : p.start.count() * (p.size - 1);
        sign_ = target >= total(p.start) ? 1 : -1;
        target_ = sign_ * target;
        start_total_ = total(p.start);
    }

    // A square's line value, counted so that it grows towards the mirror line.
    [[nodiscard]] int level(int sq) const noexcept {
        return p_.goal == GoalKind::SymmetricDiagonal ? sign_ * (file_of(sq) - rank_of(sq))
                                                      : sign_ * (file_of(sq) + rank_of(sq));
    }

    // The sum of level() over a set of squares.
    [[nodiscard]] int total(const Bitboard& b) const noexcept {
        int t = 0;
        for_each_square(b, [&](int sq) { t += level(sq); });
        return t;
    }

    // The pieces whose mirror square is empty.
    [[nodiscard]] Bitboard unmatched(const Bitboard& pieces) const {
        return pieces & ~mirror_set(pieces, p_.goal, p_.size);
    }

    // Whether a piece on sq may move in a position with these moved squares and repeats.
    [[nodiscard]] bool may_move(const SymNode& n, int sq) const noexcept {
        return !o_.once || !n.moved.test(sq) || n.repeats < o_.repeats;
    }

    // Why a position cannot reach a symmetric figure in moves_left moves, or Why::None.
    enum class Why { None, Mirrors, Progress };
    [[nodiscard]] Why hopeless(const SymNode& n, int moves_left) const {
        if (!o_.prune) return Why::None;
        const Bitboard open = unmatched(n.pieces);
        const int a = open.count();
        if (a == 0) return Why::None;
        if (a > 2 * moves_left) return Why::Mirrors;
        const bool frozen = o_.once && n.repeats >= o_.repeats;
        const Bitboard movable = frozen ? n.pieces & ~n.moved : n.pieces;
        int furthest = -1000;
        for_each_square(n.pieces, [&](int sq) { furthest = std::max(furthest, level(sq)); });
        if (frozen) {
            // Moved pieces lacking a mirror each need a landing; unmoved ones a move or one.
            const int landed = (open & n.moved).count(), waiting = (open & ~n.moved).count();
            const int usable = std::min(moves_left, movable.count());
            if (landed > usable || landed + waiting > 2 * usable) return Why::Mirrors;
            // The k-th highest of those landings comes at best k - 1 moves before the last.
            std::vector<int> due;
            for_each_square(mirror_set(open & n.moved, p_.goal, p_.size),
                            [&](int sq) { due.push_back(level(sq)); });
            std::sort(due.rbegin(), due.rend());
            for (std::size_t k = 0; k < due.size(); ++k)
                if (due[k] > furthest + 2 * (moves_left - static_cast<int>(k)))
                    return Why::Progress;
        }
        std::vector<int> behind;
        for_each_square(movable, [&](int sq) { behind.push_back(level(sq)); });
        std::sort(behind.begin(), behind.end());
        int best = total(n.pieces);
        for (int i = 0; i < moves_left && i < static_cast<int>(behind.size()); ++i) {
            const int gain = furthest + 2 * (moves_left - i) - behind[static_cast<std::size_t>(i)];
            if (gain <= 0) break;
            best += gain;
        }
        return best >= target_ ? Why::None : Why::Progress;
    }

    // The guiding score: lower is better.
    [[nodiscard]] int score(const Bitboard& pieces) const {
        return o_.weight * unmatched(pieces).count() - (total(pieces) - start_total_);
    }

    [[nodiscard]] int target() const noexcept { return target_; }

  private:
    const Puzzle& p_;
    const SymOptions& o_;
    int target_ = 0, sign_ = 1, start_total_ = 0;
};

// A key for a position and, in the once-each subspace, which of its pieces have moved.
std::uint64_t node_key(const SymNode& n, bool once) {
    std::uint64_t k = beam_key(n.pieces);
    if (once) k ^= beam_key(n.moved) * 0x9E3779B97F4A7C15ULL + std::uint64_t(n.repeats);
    return k ? k : 1;
}

// Keeps the `width` best-scored distinct nodes (ties by key, so runs repeat exactly).
void keep_best_nodes(std::vector<SymNode>& nodes, std::size_t width) {
    std::sort(nodes.begin(), nodes.end(), [](const SymNode& a, const SymNode& b) {
        return a.key != b.key ? a.key < b.key : a.score < b.score;
    });
    nodes.erase(std::unique(nodes.begin(), nodes.end(),
                            [](const SymNode& a, const SymNode& b) { return a.key == b.key; }),
                nodes.end());
    if (nodes.size() <= width) return;
    std::nth_element(nodes.begin(), nodes.begin() + static_cast<std::ptrdiff_t>(width), nodes.end(),
                     [](const SymNode& a, const SymNode& b) {
                         return a.score != b.score ? a.score < b.score : a.key < b.key;
                     });
    nodes.resize(width);
}

// A lossy set of 64-bit keys of positions known to lead nowhere (a newer key may evict an
// older one, which only costs a search repeated).
class DeadEnds {
  public:
    explicit DeadEnds(std::size_t megabytes) {
        std::size_t n = 1;
        while (n * 2 * sizeof(std::uint64_t) <= megabytes * 1000000) n *= 2;
        slots_.assign(n, 0);
    }
    [[nodiscard]] bool has(std::uint64_t k) const noexcept {
        return slots_[k & (slots_.size() - 1)] == k;
    }
    void add(std::uint64_t k) noexcept { slots_[k & (slots_.size() - 1)] = k; }

  private:
    std::vector<std::uint64_t> slots_;
};

// The exhaustive depth-first search that finishes the lines of the beam.
class Completer {
  public:
    Completer(const Puzzle& p, const SymOptions& o, const SymSearch& s, double deadline,
              const std::function<double()>& elapsed)
        : p_(p), o_(o), s_(s), rules_(puzzle_rules(p)), camps_(puzzle_camps(p)),
          dead_(static_cast<std::size_t>(o.table_mb)), deadline_(deadline), elapsed_(elapsed) {}

    // Searches every line of at most the move limit from n (reached in depth moves); returns
    // whether a figure was found (its moves from n are then in line()).
    bool run(const SymNode& n, int depth) {
        line_.clear();
        return dive(n, depth);
    }

    [[nodiscard]] const std::vector<Move>& line() const noexcept { return line_; }
    [[nodiscard]] bool out_of_time() const noexcept { return out_of_time_; }
    [[nodiscard]] std::uint64_t nodes() const noexcept { return nodes_; }

  private:
    bool dive(const SymNode& n, int depth) {
        if (s_.unmatched(n.pieces).empty()) return true;
        if (depth >= o_.moves || out_of_time_) return false;
        if ((++nodes_ & 4095) == 0 && elapsed_() > deadline_) out_of_time_ = true;
        const std::uint64_t key = n.key ^ (0xD6E8FEB86659FD93ULL * std::uint64_t(depth + 1));
        if (dead_.has(key)) return false;
        const int moves_left = o_.moves - depth - 1;
        const Position pos = solo::detail::position_of(n.pieces, p_.size);
        std::vector<SymNode> children;
        for_each_square(n.pieces, [&](int sq) {
            if (!s_.may_move(n, sq)) return;
            const bool repeat = o_.once && n.moved.test(sq);
            for_each_square(destinations(pos, rules_, camps_, 0, sq), [&](int to) {
                SymNode c{n.pieces, n.moved, 0, 0, Move(sq, to), 0, n.repeats + (repeat ? 1 : 0)};
                c.pieces.reset(sq);
                c.pieces.set(to);
                c.moved.reset(sq);
                c.moved.set(to);
                if (s_.hopeless(c, moves_left) != SymSearch::Why::None) return;
                c.score = s_.score(c.pieces);
                c.key = node_key(c, o_.once);
                children.push_back(c);
            });
        });
        std::sort(children.begin(), children.end(),
                  [](const SymNode& a, const SymNode& b) { return a.score < b.score; });
        for (const SymNode& c : children) {
            line_.push_back(c.move);
            if (dive(c, depth + 1)) return true;
            line_.pop_back();
            if (out_of_time_) return false;
        }
        if (!out_of_time_) dead_.add(key);
        return false;
    }

    const Puzzle& p_;
    const SymOptions& o_;
    const SymSearch& s_;
    const Rules rules_;
    const Camps camps_;
    DeadEnds dead_;
    double deadline_;
    const std::function<double()>& elapsed_;
    std::vector<Move> line_;
    std::uint64_t nodes_ = 0;
    bool out_of_time_ = false;
};

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: solo_sym PUZZLE [--moves N] [--width W] [--seconds S] "
                             "[--memory-mb M] [--once] [--repeats R] [--no-prune] [--weight K] "
                             "[--complete-at D] [--table-mb M]\n");
        return 2;
    }
    Puzzle p;
    SymOptions o;
    if (std::string err = halma::load_puzzle(argv[1], p).message(); !err.empty()) {
        std::fprintf(stderr, "solo_sym: %s\n", err.c_str());
        return 2;
    }
    if (std::string err = parse_options(argc, argv, o); !err.empty()) {
        std::fprintf(stderr, "solo_sym: %s\n", err.c_str());
        return 2;
    }
    if (p.goal == GoalKind::Fill) {
        std::fprintf(stderr, "solo_sym: '%s' has a fill goal, not a symmetric one\n", argv[1]);
        return 2;
    }
    if (o.moves == 0) o.moves = p.limit > 0 ? p.limit : 19;
    // The candidates of a layer (at most 8 x width + 100000 before pruning) dominate memory.
    const double need_mb = (static_cast<double>(o.width) * 9 + 100000) * sizeof(SymNode) / 1e6 +
                           static_cast<double>(o.width) * o.moves * sizeof(Link) / 1e6 +
                           static_cast<double>(o.table_mb);
    if (need_mb > static_cast<double>(o.memory_mb)) {
        std::fprintf(stderr,
                     "solo_sym: a width of %ld needs about %.0f MB, over the %ld MB "
                     "allowed\n",
                     o.width, need_mb, o.memory_mb);
        return 2;
    }

    const SymSearch search(p, o);
    const Rules rules = puzzle_rules(p);
    const Camps camps = puzzle_camps(p);
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    const std::function<double()> elapsed = [&] {
        return std::chrono::duration<double>(Clock::now() - t0).count();
    };

    std::vector<std::vector<Link>> links(1, std::vector<Link>{{-1, Move::none()}});
    std::vector<SymNode> kept;
    {
        SymNode root{p.start, Bitboard{}, 0, -1, Move::none(), search.score(p.start), 0};
        root.key = node_key(root, o.once);
        kept.push_back(root);
    }
    int solved_at = -1;
    std::size_t solved_index = 0;
    bool out_of_time = false;
    const std::size_t width = static_cast<std::size_t>(o.width);
    const int beam_depth = o.complete_at > 0 ? std::min(o.complete_at, o.moves) : o.moves;
    for (int depth = 1; depth <= beam_depth && solved_at < 0 && !out_of_time; ++depth) {
        std::vector<SymNode> next;
        const int moves_left = o.moves - depth;
        std::size_t pruned_mirrors = 0, pruned_progress = 0;
        for (std::size_t i = 0; i < kept.size() && !out_of_time; ++i) {
            const SymNode& n = kept[i];
            const Position pos = solo::detail::position_of(n.pieces, p.size);
            for_each_square(n.pieces, [&](int sq) {
                if (!search.may_move(n, sq)) return;
                const bool repeat = o.once && n.moved.test(sq);
                for_each_square(destinations(pos, rules, camps, 0, sq), [&](int to) {
                    SymNode c{n.pieces,
                              n.moved,
                              0,
                              static_cast<int>(i),
                              Move(sq, to),
                              0,
                              n.repeats + (repeat ? 1 : 0)};
                    c.pieces.reset(sq);
                    c.pieces.set(to);
                    c.moved.reset(sq);
                    c.moved.set(to);
                    switch (search.hopeless(c, moves_left)) {
                    case SymSearch::Why::Mirrors:
                        ++pruned_mirrors;
                        return;
                    case SymSearch::Why::Progress:
                        ++pruned_progress;
                        return;
                    default:
                        break;
                    }
                    c.score = search.score(c.pieces);
                    c.key = node_key(c, o.once);
                    next.push_back(c);
                });
            });
            if (next.size() > 8 * width + 100000) keep_best_nodes(next, width);
            if ((i & 1023) == 0 && elapsed() > o.seconds) out_of_time = true;
        }
        keep_best_nodes(next, width);
        int fewest = p.start.count(), best_total = -100000;
        std::size_t at_fewest = 0;
        for (std::size_t i = 0; i < next.size(); ++i) {
            const int open = search.unmatched(next[i].pieces).count();
            best_total = std::max(best_total, search.total(next[i].pieces));
            if (open < fewest) fewest = open, at_fewest = i;
            if (open == 0 && solved_at < 0) solved_at = depth, solved_index = i;
        }
        if (next.empty()) {
            std::printf("depth %d: none kept (%zu children lack mirrors, %zu progress), %.1f s\n",
                        depth, pruned_mirrors, pruned_progress, elapsed());
            break;
        }
        std::printf("depth %d: %zu kept, pruned %zu (mirrors) %zu (progress), best line total %d "
                    "(a symmetric figure has %d), fewest unmatched %d%s, %.1f s\n",
                    depth, next.size(), pruned_mirrors, pruned_progress, best_total,
                    search.target(), fewest, out_of_time ? " (time up, layer incomplete)" : "",
                    elapsed());
        std::fflush(stdout);
        (void)at_fewest;
        std::vector<Link> layer;
        layer.reserve(next.size());
        for (const SymNode& n : next) layer.push_back({n.parent, n.move});
        links.push_back(std::move(layer));
        kept = std::move(next);
    }

    // The exhaustive part: from each position of the beam's last layer, best first.
    std::vector<Move> tail;
    const int last = static_cast<int>(links.size()) - 1;
    if (o.complete_at > 0 && solved_at < 0 && !out_of_time && last == beam_depth &&
        last < o.moves) {
        std::vector<std::size_t> order(kept.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return kept[a].score < kept[b].score;
        });
        Completer completer(p, o, search, o.seconds, elapsed);
        std::size_t done = 0;
        for (std::size_t i : order) {
            if (completer.run(kept[i], last)) {
                solved_index = i;
                tail = completer.line();
                solved_at = last + static_cast<int>(tail.size());
                break;
            }
            if (completer.out_of_time()) break;
            if (++done % 10000 == 0) {
                std::printf("  %zu positions searched to the end, %llu nodes, %.1f s\n", done,
                            static_cast<unsigned long long>(completer.nodes()), elapsed());
                std::fflush(stdout);
            }
        }
        std::printf("exhaustive search from depth %d: %zu of %zu positions searched to the end, "
                    "%llu nodes, %.1f s%s\n",
                    last, done, kept.size(), static_cast<unsigned long long>(completer.nodes()),
                    elapsed(), solved_at >= 0 ? ", figure found" : "");
    }

    // The line to print: the figure found, else the last layer's fewest unmatched.
    if (last == 0) {
        std::printf("no symmetric figure within %d moves: no first move passes the bounds\n",
                    o.moves);
        return 0;
    }
    std::size_t at = solved_index;
    if (solved_at < 0) {
        at = 0;
        int fewest = 1 << 30;
        for (std::size_t i = 0; i < kept.size(); ++i) {
            const int open = search.unmatched(kept[i].pieces).count();
            if (open < fewest || (open == fewest && kept[i].score < kept[at].score))
                fewest = open, at = i;
        }
    }
    std::vector<Move> moves;
    for (int depth = last; depth >= 1; --depth) {
        const Link& l = links[static_cast<std::size_t>(depth)][at];
        moves.push_back(l.move);
        at = static_cast<std::size_t>(l.parent);
    }
    std::reverse(moves.begin(), moves.end());
    moves.insert(moves.end(), tail.begin(), tail.end());
    Game g(p);
    if (!replay_line("solo_sym", p, moves, solved_at >= 0, g)) return 1;
    if (solved_at >= 0)
        std::printf("symmetric figure in %d moves:", solved_at);
    else
        std::printf("no symmetric figure found within %d moves%s; best line of %d (total %d, %d "
                    "unmatched):",
                    o.moves, out_of_time ? " (time up)" : "", last,
                    search.total(g.position().pieces(0)),
                    search.unmatched(g.position().pieces(0)).count());
    print_moves(g);
    return 0;
}
